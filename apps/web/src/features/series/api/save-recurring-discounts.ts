import { recurringDiscountsSchema, type RecurringDiscounts } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPut } from '@/lib/api-client';

import { recurringDiscountsKey } from './keys';

/** `PUT /settings/recurring` (admin): new discounts apply to series booked or changed from now on. */
export function saveRecurringDiscounts(input: RecurringDiscounts) {
  return apiPut('/settings/recurring', { body: input, schema: recurringDiscountsSchema });
}

export function useSaveRecurringDiscounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecurringDiscounts,
    onSuccess: (saved) => {
      queryClient.setQueryData(recurringDiscountsKey, saved);
    },
  });
}
