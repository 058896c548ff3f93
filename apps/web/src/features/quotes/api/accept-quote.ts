import { appointmentSchema, type AcceptQuoteInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { myAppointmentsKeys, slotsKeys } from '@/lib/query-keys';
import { apiPost } from '@/lib/api-client';

import { quotesKeys } from './keys';

/** `POST /quotes/{id}/accept`: books the visit at the quoted price at the chosen time. */
export function acceptQuote({ quoteId, input }: { quoteId: string; input: AcceptQuoteInput }) {
  return apiPost(`/quotes/${encodeURIComponent(quoteId)}/accept`, { body: input, schema: appointmentSchema });
}

export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuote,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: quotesKeys.all });
      void queryClient.invalidateQueries({ queryKey: myAppointmentsKeys.all });
      void queryClient.invalidateQueries({ queryKey: slotsKeys.all });
    },
  });
}
