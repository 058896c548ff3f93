import { overviewSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

export const overviewKey = ['admin', 'overview'] as const;

/** `GET /admin/overview`: this week and the next, failed emails, and the last 12 weeks (admin). */
export function getOverview(signal?: AbortSignal) {
  return apiGet('/admin/overview', { schema: overviewSchema, signal });
}

export function overviewQueryOptions() {
  return queryOptions({ queryKey: overviewKey, queryFn: ({ signal }) => getOverview(signal) });
}

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
