import { customerSchema, type AdminCustomerInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPut } from '@/lib/api-client';
import { refreshAfterWrite } from '@/lib/query-client';

import { customersKeys } from '@/lib/query-keys';

/** The admin's Edit Customer (spec §2): the admin form's fields; the address is kept. */
export function updateCustomer({ customerId, input }: { customerId: string; input: AdminCustomerInput }) {
  return apiPut(`/customers/${encodeURIComponent(customerId)}`, { body: input, schema: customerSchema });
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    // Every cached customer, one's own profile included: an admin may edit their own record.
    onSuccess: () => refreshAfterWrite(queryClient, customersKeys.all),
  });
}
