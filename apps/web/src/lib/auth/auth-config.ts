import { authConfigSchema } from '@eclat/shared';
import { queryOptions } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/**
 * `GET /api/v1/auth/config`: how to reach the identity provider. Loaded once per page load: it only
 * changes with a server deploy, and a successful load is never refetched.
 */
export function authConfigQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'config'],
    queryFn: ({ signal }) => apiGet('/auth/config', { schema: authConfigSchema, signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
