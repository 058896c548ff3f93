import { APPOINTMENTS_REFETCH_MS, seriesPageSchema, type SeriesStatus } from '@eclat/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { seriesKeys } from './keys';

/** `GET /series?status=&page=&size=` (staff): every customer's series, newest first; `page` from 0. */
export function getSeriesPage(page: number, size: number, status: SeriesStatus | null, signal?: AbortSignal) {
  return apiGet('/series', {
    query: { page, size, status },
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    schema: seriesPageSchema,
    signal,
  });
}

export function seriesPageQueryOptions(page: number, size: number, status: SeriesStatus | null) {
  return queryOptions({
    queryKey: seriesKeys.page(page, size, status),
    queryFn: ({ signal }) => getSeriesPage(page, size, status, signal),
    staleTime: 0,
  });
}

export function useSeriesPage(page: number, size: number, status: SeriesStatus | null) {
  return useQuery({
    ...seriesPageQueryOptions(page, size, status),
    placeholderData: keepPreviousData,
    refetchInterval: APPOINTMENTS_REFETCH_MS,
  });
}
