import { customerSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { customersKeys } from './get-my-profile';

const customersSchema = customerSchema.array();

/** The admin's view of customer records, under the same root as one's own profile. */
export const adminCustomersKeys = {
  all: [...customersKeys.all, 'admin'] as const,
  list: () => [...adminCustomersKeys.all, 'list'] as const,
  detail: (customerId: string) => [...adminCustomersKeys.all, 'detail', customerId] as const,
};

export function getCustomers(signal?: AbortSignal) {
  return apiGet('/customers', { schema: customersSchema, signal });
}

export function customersQueryOptions() {
  return queryOptions({
    queryKey: adminCustomersKeys.list(),
    queryFn: ({ signal }) => getCustomers(signal),
  });
}

/** Every customer record (admin). */
export function useCustomers() {
  return useQuery(customersQueryOptions());
}
