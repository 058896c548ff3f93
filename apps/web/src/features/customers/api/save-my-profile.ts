import { customerSchema, type Customer, type ProfileInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost, apiPut } from '@/lib/api-client';

import { customersKeys } from '@/lib/query-keys';

/** First save: `POST /customers/me`; later saves: `PUT /customers/{customerId}` (own only). */
export function saveMyProfile(input: ProfileInput, customerId: string | null): Promise<Customer> {
  return customerId
    ? apiPut(`/customers/${encodeURIComponent(customerId)}`, { body: input, schema: customerSchema })
    : apiPost('/customers/me', { body: input, schema: customerSchema });
}

export function useSaveMyProfile(email: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, customerId }: { input: ProfileInput; customerId: string | null }) =>
      saveMyProfile(input, customerId),
    onSuccess: (customer) => {
      if (email) queryClient.setQueryData(customersKeys.me(email), customer);
    },
  });
}
