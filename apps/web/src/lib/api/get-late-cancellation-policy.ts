import { lateCancellationPolicySchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

const lateCancellationPolicyKey = ['late-cancellation-policy'] as const;

/**
 * `GET /settings/late-cancellation` (anyone; decision 057): whether a cancel inside the change cut-off is
 * refused ("call us") or takes a fee, and the fee before tax.
 */
export function getLateCancellationPolicy(signal?: AbortSignal) {
  return apiGet('/settings/late-cancellation', { schema: lateCancellationPolicySchema, signal });
}

export function useLateCancellationPolicy() {
  return useQuery(
    queryOptions({
      queryKey: lateCancellationPolicyKey,
      queryFn: ({ signal }) => getLateCancellationPolicy(signal),
      // Server configuration: it changes with a restart at most.
      staleTime: 10 * 60_000,
    }),
  );
}
