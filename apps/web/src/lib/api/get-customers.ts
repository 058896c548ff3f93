import { customerSchema, type Customer } from '@eclat/shared';

import { useKeysetList, type KeysetListSource } from '@/lib/use-keyset-list';

import { customersKeys } from '@/lib/query-keys';

const customersSchema = customerSchema.array();

/** The admin's view of customer records, under the same root as one's own profile. */
export const adminCustomersKeys = {
  all: [...customersKeys.all, 'admin'] as const,
  list: (search: string, limit?: number) =>
    [...adminCustomersKeys.all, 'list', search, limit ?? 'default'] as const,
  detail: (customerId: string) => [...adminCustomersKeys.all, 'detail', customerId] as const,
};

/**
 * Customers in name order, those matching `search` (every word in the name, email or company, accents
 * ignored: the server searches, decision 024), a page at a time.
 */
export function customersSource(search: string, limit?: number): KeysetListSource<Customer> {
  return {
    queryKey: adminCustomersKeys.list(search, limit),
    path: '/customers',
    query: { q: search || undefined, limit },
    schema: customersSchema,
  };
}

/** Customer records (admin): a search on the server, then "Show more". */
export function useCustomers(search: string, options: { limit?: number } = {}) {
  return useKeysetList(customersSource(search, options.limit), { keepPrevious: true });
}
