import {
  APPOINTMENTS_PAGE_SIZE,
  APPOINTMENTS_REFETCH_MS,
  appointmentsPageSchema,
  type AppointmentsFilter,
} from '@eclat/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { staffAppointmentsKeys } from '@/lib/query-keys';
import { apiGet } from '@/lib/api-client';

/**
 * One page of the appointments the filter keeps (admin, employee): `page` from 0, newest date first,
 * then id; every appointment when the filter is empty.
 */
export function getAppointmentsPage(
  page: number,
  size: number,
  filter: AppointmentsFilter = {},
  signal?: AbortSignal,
) {
  return apiGet('/appointments/paged', {
    query: { page, size, status: filter.status, from: filter.from, to: filter.to, payment: filter.payment },
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    schema: appointmentsPageSchema,
    signal,
  });
}

export function appointmentsPageQueryOptions(
  page: number,
  size = APPOINTMENTS_PAGE_SIZE,
  filter: AppointmentsFilter = {},
) {
  return queryOptions({
    queryKey: staffAppointmentsKeys.page(page, size, filter),
    queryFn: ({ signal }) => getAppointmentsPage(page, size, filter, signal),
    staleTime: 0,
  });
}

/** The page stays on screen while the next one loads; refreshed every 30 s like the other lists (§9). */
export function useAppointmentsPage(page: number, filter: AppointmentsFilter = {}) {
  return useQuery({
    ...appointmentsPageQueryOptions(page, APPOINTMENTS_PAGE_SIZE, filter),
    placeholderData: keepPreviousData,
    refetchInterval: APPOINTMENTS_REFETCH_MS,
  });
}
