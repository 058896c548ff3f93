import { serviceAreaSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { serviceAreaKey } from '@/lib/query-keys';

/** `GET /settings/service-area` (anyone): the postal-code prefixes served; empty serves everywhere. */
export function getServiceArea(signal?: AbortSignal) {
  return apiGet('/settings/service-area', { schema: serviceAreaSchema, signal });
}

export function serviceAreaQueryOptions() {
  return queryOptions({
    queryKey: serviceAreaKey,
    queryFn: ({ signal }) => getServiceArea(signal),
    staleTime: 60_000,
  });
}

export function useServiceArea() {
  return useQuery(serviceAreaQueryOptions());
}
