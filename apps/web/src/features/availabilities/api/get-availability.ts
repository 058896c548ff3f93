import { availabilitySchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { availabilityKeys } from '@/lib/query-keys';

/** One availability: an admin any, an employee their own. */
export function getAvailability(availabilityId: string, signal?: AbortSignal) {
  return apiGet(`/availabilities/${encodeURIComponent(availabilityId)}`, {
    schema: availabilitySchema,
    signal,
  });
}

export function availabilityQueryOptions(availabilityId: string) {
  return queryOptions({
    queryKey: availabilityKeys.detail(availabilityId),
    queryFn: ({ signal }) => getAvailability(availabilityId, signal),
    // Forms start from what the server has now, not from a list fetched a while ago.
    staleTime: 0,
  });
}

export function useAvailability(availabilityId: string) {
  return useQuery(availabilityQueryOptions(availabilityId));
}
