import {
  checkoutRedirectSchema,
  paymentConfirmationDoneSchema,
  paymentConfirmationSchema,
} from '@eclat/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { apiGet, apiPost } from '@/lib/api-client';
import { myAppointmentsKeys } from '@/lib/query-keys';

/**
 * A payment the customer's bank wants confirmed (PAYMENTS=stripe, decision 060): which visits wait for
 * it, the hosted page in payment mode for one of them (we only redirect there), and the way back.
 */

const confirmationsKey = ['payments', 'confirmations'] as const;
const confirmationsSchema = z.array(paymentConfirmationSchema);

/** `GET /payments/confirmations`: the signed-in customer's visits whose payment waits for their bank. */
export function usePaymentConfirmations({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: confirmationsKey,
    queryFn: ({ signal }) => apiGet('/payments/confirmations', { schema: confirmationsSchema, signal }),
    enabled,
    staleTime: 0,
  });
}

/**
 * `POST /appointments/{id}/payment-confirmation`: the hosted page's address, to send the browser to. With
 * `tipKey`: the tip its dialog was refused with BANK_CONFIRMATION_NEEDED.
 */
export function useStartPaymentConfirmation() {
  return useMutation({
    mutationFn: ({ appointmentId, tipKey }: { appointmentId: string; tipKey?: string }) =>
      apiPost(`/appointments/${appointmentId}/payment-confirmation`, {
        ...(tipKey ? { body: { tipKey } } : {}),
        schema: checkoutRedirectSchema,
      }),
  });
}

/** `POST /payments/confirmation/done`: back from the hosted page; the visits and their payments read again. */
export function useFinishPaymentConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiPost('/payments/confirmation/done', { body: { sessionId }, schema: paymentConfirmationDoneSchema }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: confirmationsKey }),
        queryClient.invalidateQueries({ queryKey: myAppointmentsKeys.all }),
      ]);
    },
  });
}
