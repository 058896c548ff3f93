import { recurringDiscountsSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { recurringDiscountsKey } from './keys';

/** `GET /settings/recurring` (anyone): the discount per frequency, and whether the first visit has it. */
export function getRecurringDiscounts(signal?: AbortSignal) {
  return apiGet('/settings/recurring', { schema: recurringDiscountsSchema, signal });
}

export function recurringDiscountsQueryOptions() {
  return queryOptions({
    queryKey: recurringDiscountsKey,
    queryFn: ({ signal }) => getRecurringDiscounts(signal),
    staleTime: 60_000,
  });
}

export function useRecurringDiscounts() {
  return useQuery(recurringDiscountsQueryOptions());
}
