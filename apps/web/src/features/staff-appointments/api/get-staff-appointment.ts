import { appointmentSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { staffAppointmentsKeys } from '@/lib/query-keys';

/** Any appointment (admin, employee). */
export function getStaffAppointment(appointmentId: string, signal?: AbortSignal) {
  return apiGet(`/appointments/${encodeURIComponent(appointmentId)}`, { schema: appointmentSchema, signal });
}

export function staffAppointmentQueryOptions(appointmentId: string) {
  return queryOptions({
    queryKey: staffAppointmentsKeys.detail(appointmentId),
    queryFn: ({ signal }) => getStaffAppointment(appointmentId, signal),
    // The edit form starts from what the server has now.
    staleTime: 0,
  });
}

export function useStaffAppointment(appointmentId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...staffAppointmentQueryOptions(appointmentId), enabled, retry: false });
}
