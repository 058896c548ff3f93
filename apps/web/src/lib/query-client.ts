import { QueryClient, type QueryKey } from '@tanstack/react-query';

import { isApiError } from './api-client';

const MAX_QUERY_RETRIES = 2;

/**
 * Retry only what a retry can fix: network failures, timeouts and 5xx. A 4xx answer (bad input,
 * not signed in, forbidden, not found, conflict) will not change by asking again, and a cancelled
 * request was cancelled on purpose.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error)) {
    if (error.kind === 'aborted' || error.kind === 'invalid-response') return false;
    if (error.status >= 400 && error.status < 500) return false;
  }
  return failureCount < MAX_QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: true,
      },
      mutations: {
        // A write is never repeated behind the user's back (a booking must not be sent twice).
        retry: false,
      },
    },
  });
}

/** The app's one client; route loaders and components share it, so a query has one cache entry. */
export const queryClient = createQueryClient();

/**
 * After a write, everything cached under `queryKey` is read again. A read already on its way may have
 * left before the write (a search typed a moment ago): an invalidation would join it when the query has
 * nothing cached yet, and the list would keep showing what the write changed (a deleted customer) until
 * its next refresh. So reads in flight are cancelled first, then the queries are invalidated.
 */
export async function refreshAfterWrite(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}
