import { appointmentSchema } from '@eclat/shared';
import { useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { myAppointmentsKeys } from '@/lib/query-keys';

/**
 * One of the signed-in customer's appointments, read by its id however far back it is in the list
 * (the edit page). Under the list's key: a change that refreshes the list refreshes it too.
 */
export function useMyAppointment(appointmentId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...myAppointmentsKeys.all, 'one', appointmentId],
    queryFn: ({ signal }) =>
      apiGet(`/appointments/${encodeURIComponent(appointmentId)}`, {
        schema: appointmentSchema,
        signal,
        headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
      }),
    enabled,
    // The form starts from what the server has now.
    staleTime: 0,
    retry: false,
  });
}
