import { seriesDetailSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { seriesKeys } from './keys';

/** `GET /series/{seriesId}` (owner, staff): the series and its visits from 4 weeks ago on. */
export function getSeries(seriesId: string, signal?: AbortSignal) {
  return apiGet(`/series/${encodeURIComponent(seriesId)}`, {
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    schema: seriesDetailSchema,
    signal,
  });
}

export function seriesQueryOptions(seriesId: string) {
  return queryOptions({
    queryKey: seriesKeys.detail(seriesId),
    queryFn: ({ signal }) => getSeries(seriesId, signal),
    staleTime: 0,
  });
}

export function useSeries(seriesId: string | undefined) {
  return useQuery({ ...seriesQueryOptions(seriesId ?? ''), enabled: Boolean(seriesId) });
}
