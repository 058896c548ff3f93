import { APPOINTMENTS_REFETCH_MS, listedAppointmentSchema } from '@eclat/shared';

import { myAppointmentsKeys } from '@/lib/query-keys';
import { useKeysetList } from '@/lib/use-keyset-list';

// Each with its payment state (issue 29; null when payments are off).
const appointmentsSchema = listedAppointmentSchema.array();

/**
 * The signed-in customer's appointments, newest first, cancelled ones included (spec §7): 200 at a
 * time, "Show more" for the next ones (decision 024); every page read refetched every 30 s while the
 * page is open (spec §4, §9).
 */
export function useMyAppointments({ enabled = true }: { enabled?: boolean } = {}) {
  return useKeysetList(
    {
      queryKey: myAppointmentsKeys.all,
      path: '/appointments/my-appointments',
      headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
      schema: appointmentsSchema,
    },
    { enabled, staleTime: 0, refetchInterval: APPOINTMENTS_REFETCH_MS },
  );
}
