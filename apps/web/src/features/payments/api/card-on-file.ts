import { cardOnFileSchema, checkoutRedirectSchema } from '@eclat/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiDelete, apiGet, apiPost } from '@/lib/api-client';
import { cardOnFileKey } from '@/lib/query-keys';

/**
 * The signed-in customer's card kept on file (PAYMENTS=stripe, decisions 053 and 056): read, saved on
 * Stripe's hosted Checkout page (we only redirect there; no card number reaches our pages), confirmed on
 * the way back, and removed.
 */

const cardOrNull = cardOnFileSchema.nullable();

/** `GET /payments/card`: brand, last 4 digits and expiry, or null. Only asked for in stripe mode. */
export function useCardOnFile({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: cardOnFileKey,
    queryFn: ({ signal }) => apiGet('/payments/card', { schema: cardOrNull, signal }),
    enabled,
    staleTime: 0,
  });
}

/** `POST /payments/card-setup`: the hosted page's address, to send the browser to. */
export function useStartCardSetup() {
  return useMutation({
    mutationFn: () => apiPost('/payments/card-setup', { schema: checkoutRedirectSchema }),
  });
}

/** `POST /payments/card-setup/done`: back from the hosted page, its card becomes the card on file. */
export function useFinishCardSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiPost('/payments/card-setup/done', { body: { sessionId }, schema: cardOrNull }),
    onSuccess: (card) => {
      queryClient.setQueryData(cardOnFileKey, card);
    },
  });
}

/** `DELETE /payments/card`. */
export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiDelete('/payments/card'),
    onSuccess: () => {
      queryClient.setQueryData(cardOnFileKey, null);
    },
  });
}
