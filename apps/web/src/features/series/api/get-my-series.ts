import { APPOINTMENTS_REFETCH_MS, seriesSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { seriesKeys } from './keys';

const mySeriesSchema = seriesSchema.array();

/** `GET /series/mine`: the signed-in customer's series, newest first, each with its next visit. */
export function getMySeries(signal?: AbortSignal) {
  return apiGet('/series/mine', {
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    schema: mySeriesSchema,
    signal,
  });
}

export function mySeriesQueryOptions() {
  return queryOptions({
    queryKey: seriesKeys.mine(),
    queryFn: ({ signal }) => getMySeries(signal),
    staleTime: 0,
  });
}

/** Refreshed with the appointments beside it (every 30 s). */
export function useMySeries({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...mySeriesQueryOptions(), enabled, refetchInterval: APPOINTMENTS_REFETCH_MS });
}
