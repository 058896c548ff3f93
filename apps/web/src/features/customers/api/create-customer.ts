import { customerSchema, type AdminCustomerInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';
import { refreshAfterWrite } from '@/lib/query-client';

import { customersKeys } from '@/lib/query-keys';

/** The admin's Create New Customer (spec §2). */
export function createCustomer(input: AdminCustomerInput) {
  return apiPost('/customers', { body: input, schema: customerSchema });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => refreshAfterWrite(queryClient, customersKeys.all),
  });
}
