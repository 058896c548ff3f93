import { customerReach, selfServicePolicySchema, type CustomerReach } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

const selfServicePolicyKey = ['self-service-policy'] as const;

/** `GET /settings/self-service` (anyone): the change cut-off, the booking notice, whom to call. */
export function getSelfServicePolicy(signal?: AbortSignal) {
  return apiGet('/settings/self-service', { schema: selfServicePolicySchema, signal });
}

export function selfServicePolicyQueryOptions() {
  return queryOptions({
    queryKey: selfServicePolicyKey,
    queryFn: ({ signal }) => getSelfServicePolicy(signal),
    // Server configuration: it changes with a restart at most.
    staleTime: 10 * 60_000,
  });
}

export function useSelfServicePolicy() {
  return useQuery(selfServicePolicyQueryOptions());
}

/**
 * What the customer may still do to a visit themselves (decision 027), by the server's own rule and
 * cut-off, now: `open`, `tooLate` (call the office) or `closed`; `unknown` until the policy arrives (no
 * button is offered that might vanish a moment later).
 */
export function useCustomerReach(): (
  visit: Parameters<typeof customerReach>[0],
  /** Another cut-off than the policy's: 0 for the office, which is not bound by it. */
  cutoffHours?: number,
) => CustomerReach | 'unknown' {
  const policy = useSelfServicePolicy();
  const policyHours = policy.data?.changeCutoffHours;
  return (visit, cutoffHours = policyHours) =>
    cutoffHours === undefined ? 'unknown' : customerReach(visit, new Date(), cutoffHours);
}
