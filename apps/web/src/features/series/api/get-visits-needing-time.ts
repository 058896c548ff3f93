import { APPOINTMENTS_REFETCH_MS, visitsNeedingTimeSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { seriesKeys } from './keys';

/** `GET /series/needs-time` (staff): upcoming visits no cleaner could take, soonest first (100 at most). */
export function getVisitsNeedingTime(signal?: AbortSignal) {
  return apiGet('/series/needs-time', {
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    schema: visitsNeedingTimeSchema,
    signal,
  });
}

export function visitsNeedingTimeQueryOptions() {
  return queryOptions({
    queryKey: seriesKeys.needsTime(),
    queryFn: ({ signal }) => getVisitsNeedingTime(signal),
    staleTime: 0,
  });
}

export function useVisitsNeedingTime() {
  return useQuery({ ...visitsNeedingTimeQueryOptions(), refetchInterval: APPOINTMENTS_REFETCH_MS });
}
