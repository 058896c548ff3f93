import { quoteSchema } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { quotesKeys } from './keys';

/** `POST /quotes/{id}/decline`: the customer does not want it (answered, or still waiting). */
export function declineQuote(quoteId: string) {
  return apiPost(`/quotes/${encodeURIComponent(quoteId)}/decline`, { schema: quoteSchema });
}

export function useDeclineQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineQuote,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: quotesKeys.all });
    },
  });
}
