import { paymentsPolicySchema, type PaymentsMode } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import { paymentsPolicyKey } from '@/lib/query-keys';

/** `GET /settings/payments` (anyone): which payments the business takes (`off`, `manual`, `stripe`). */
export function getPaymentsPolicy(signal?: AbortSignal) {
  return apiGet('/settings/payments', { schema: paymentsPolicySchema, signal });
}

export function paymentsPolicyQueryOptions() {
  return queryOptions({
    queryKey: paymentsPolicyKey,
    queryFn: ({ signal }) => getPaymentsPolicy(signal),
    // Server configuration (`PAYMENTS`): it changes with a restart at most.
    staleTime: 10 * 60_000,
  });
}

export function usePaymentsPolicy() {
  return useQuery(paymentsPolicyQueryOptions());
}

/**
 * Whether the screens show payments: the mode once known, `false` while it loads or when it cannot be
 * read (no payment section is offered that might vanish a moment later).
 */
export function usePaymentsShown(): { isShown: boolean; mode: PaymentsMode | undefined } {
  const policy = usePaymentsPolicy();
  const mode = policy.data?.mode;
  return { isShown: mode !== undefined && mode !== 'off', mode };
}
