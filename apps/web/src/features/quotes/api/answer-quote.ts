import { quoteSchema, type AnswerQuoteInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPut } from '@/lib/api-client';

import { quotesKeys } from './keys';

/** `PUT /quotes/{id}/answer` (admin): the price in cents, the visit's length, a message; emailed. */
export function answerQuote({ quoteId, input }: { quoteId: string; input: AnswerQuoteInput }) {
  return apiPut(`/quotes/${encodeURIComponent(quoteId)}/answer`, { body: input, schema: quoteSchema });
}

export function useAnswerQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerQuote,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: quotesKeys.all });
    },
  });
}
