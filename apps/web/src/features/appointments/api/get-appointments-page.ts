import { APPOINTMENTS_PAGE_SIZE, APPOINTMENTS_REFETCH_MS, appointmentsPageSchema } from '@eclat/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** Keys of the staff side of appointments (table, one appointment, its assignment). */
export const staffAppointmentsKeys = {
  all: ['appointments', 'staff'] as const,
  pages: () => [...staffAppointmentsKeys.all, 'page'] as const,
  page: (page: number, size: number) => [...staffAppointmentsKeys.pages(), page, size] as const,
  detail: (appointmentId: string) => [...staffAppointmentsKeys.all, 'detail', appointmentId] as const,
  assignments: (appointmentId: string) =>
    [...staffAppointmentsKeys.all, 'assignments', appointmentId] as const,
};

/** One page of every appointment (admin, employee): `page` from 0, newest date first, then id. */
export function getAppointmentsPage(page: number, size: number, signal?: AbortSignal) {
  return apiGet('/appointments/paged', {
    query: { page, size },
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    schema: appointmentsPageSchema,
    signal,
  });
}

export function appointmentsPageQueryOptions(page: number, size = APPOINTMENTS_PAGE_SIZE) {
  return queryOptions({
    queryKey: staffAppointmentsKeys.page(page, size),
    queryFn: ({ signal }) => getAppointmentsPage(page, size, signal),
    staleTime: 0,
  });
}

/** The page stays on screen while the next one loads; refreshed every 30 s like the other lists (§9). */
export function useAppointmentsPage(page: number) {
  return useQuery({
    ...appointmentsPageQueryOptions(page),
    placeholderData: keepPreviousData,
    refetchInterval: APPOINTMENTS_REFETCH_MS,
  });
}
