import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiDelete } from '@/lib/api-client';
import { refreshAfterWrite } from '@/lib/query-client';

import { customersKeys } from '@/lib/query-keys';

/** Refused with 409 CONFLICT when the customer has appointments (decision 008). */
export async function deleteCustomer(customerId: string): Promise<void> {
  await apiDelete(`/customers/${encodeURIComponent(customerId)}`);
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    // Also after a failure: a 404 means the list on screen is out of date.
    onSettled: () => refreshAfterWrite(queryClient, customersKeys.all),
  });
}
