import { APPOINTMENTS_REFETCH_MS, appointmentSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

const appointmentsSchema = appointmentSchema.array();

export const myAppointmentsKeys = {
  all: ['appointments', 'mine'] as const,
};

/** The signed-in customer's appointments, newest first, cancelled ones included (spec §7). */
export function getMyAppointments(signal?: AbortSignal) {
  return apiGet('/appointments/my-appointments', {
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    schema: appointmentsSchema,
    signal,
  });
}

export function myAppointmentsQueryOptions() {
  return queryOptions({
    queryKey: myAppointmentsKeys.all,
    queryFn: ({ signal }) => getMyAppointments(signal),
    staleTime: 0,
  });
}

/** Refetched every 30 s while the page is open (spec §4, §9). */
export function useMyAppointments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myAppointmentsQueryOptions(), enabled, refetchInterval: APPOINTMENTS_REFETCH_MS });
}
