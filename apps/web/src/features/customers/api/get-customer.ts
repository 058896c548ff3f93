import { customerSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { adminCustomersKeys } from '@/lib/api/get-customers';

export function getCustomer(customerId: string, signal?: AbortSignal) {
  return apiGet(`/customers/${encodeURIComponent(customerId)}`, { schema: customerSchema, signal });
}

export function customerQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: adminCustomersKeys.detail(customerId),
    queryFn: ({ signal }) => getCustomer(customerId, signal),
    // The edit form starts from what the server has now, not from a list fetched a while ago.
    staleTime: 0,
  });
}

/** One customer (admin); not asked for while `enabled` is false (an id that cannot exist). */
export function useCustomer(customerId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...customerQueryOptions(customerId), enabled });
}
