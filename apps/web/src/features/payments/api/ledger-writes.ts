import type { ChargeFeeBody, RecordPaymentBody, RefundBody } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';
import { appointmentsKey, paymentsKeys } from '@/lib/query-keys';

type LedgerWrite<Body> = { appointmentId: string; body: Body };

/**
 * One write to a visit's ledger (the office's): the visit's money and every appointments list (they
 * show its payment state) are read again once it is recorded.
 */
function useLedgerWrite<Body>(segment: 'payments' | 'fees' | 'refunds') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appointmentId, body }: LedgerWrite<Body>) =>
      apiPost(`/appointments/${encodeURIComponent(appointmentId)}/${segment}`, { body }),
    onSuccess: async (_answer, { appointmentId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentsKeys.visit(appointmentId) }),
        queryClient.invalidateQueries({ queryKey: appointmentsKey }),
      ]);
    },
  });
}

/** `POST /appointments/:id/payments`: money received (cash, cheque, Interac e-Transfer), or a tip. */
export function useRecordPayment() {
  return useLedgerWrite<RecordPaymentBody>('payments');
}

/** `POST /appointments/:id/fees`: a lockout or late-cancellation fee. */
export function useChargeFee() {
  return useLedgerWrite<ChargeFeeBody>('fees');
}

/** `POST /appointments/:id/refunds`: money given back, with a reason. */
export function useRefund() {
  return useLedgerWrite<RefundBody>('refunds');
}
