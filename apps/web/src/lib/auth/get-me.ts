import { meSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** The signed-in user as the API sees them (name, email, permissions). */
export function getMe(signal?: AbortSignal) {
  return apiGet('/auth/me', { schema: meSchema, signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'me'] as const, queryFn: ({ signal }) => getMe(signal) });
}

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled });
}
