import { quoteSchema, type CreateQuoteInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { quotesKeys } from './keys';

/** `POST /quotes`: a quote request, emailed to the business. Photos make it a larger request. */
export function createQuote(input: CreateQuoteInput) {
  return apiPost('/quotes', { body: input, schema: quoteSchema, timeoutMs: 60_000 });
}

export function useCreateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuote,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: quotesKeys.all });
    },
  });
}
