import type { AddTipBody, ChargeFeeBody, RecordPaymentBody, RefundBody } from '@eclat/shared';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';

import { apiPost } from '@/lib/api-client';
import { appointmentsKey, paymentsKeys } from '@/lib/query-keys';

import { newIdempotencyKey } from '../failure-text';

/** The office's three writes to a visit's ledger, each its own route. */
export type LedgerSegment = 'payments' | 'fees' | 'refunds' | 'tips';

/** The mutations of one kind of write, so that its dialog knows one is in flight. */
const ledgerWriteKey = (segment: LedgerSegment) => ['ledger-write', segment] as const;

/**
 * Whether a write of this kind waits for the server's answer: its dialog then stays open (Esc and ✕ do
 * nothing) so the answer, recorded or refused, is shown where it was asked for.
 */
export function useLedgerWriteInFlight(segment: LedgerSegment): boolean {
  return useIsMutating({ mutationKey: ledgerWriteKey(segment) }) > 0;
}

/** What a form sends; the hook adds the key of the form's opening. */
type LedgerWrite<Body> = { appointmentId: string; body: Omit<Body, 'idempotencyKey'> };

/**
 * One write to a visit's ledger (the office's), for one opening of its form (the form mounts when its
 * dialog opens): one idempotency key for that opening, so a retry after an error or a second press is
 * recorded once by the server, and a press before the first answer sends nothing at all. The visit's
 * money and every appointments list (they show its payment state) are read again once it is recorded.
 */
function useLedgerWrite<Body>(segment: LedgerSegment) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const sending = useRef(false);
  const mutation = useMutation({
    mutationKey: ledgerWriteKey(segment),
    mutationFn: ({ appointmentId, body }: LedgerWrite<Body>) =>
      apiPost(`/appointments/${encodeURIComponent(appointmentId)}/${segment}`, {
        body: { ...body, idempotencyKey },
      }),
    onSuccess: async (_answer, { appointmentId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentsKeys.visit(appointmentId) }),
        queryClient.invalidateQueries({ queryKey: appointmentsKey }),
      ]);
    },
  });
  const send = (write: LedgerWrite<Body>, onSuccess: () => void) => {
    if (sending.current) return;
    sending.current = true;
    mutation.mutate(write, {
      onSuccess,
      onSettled: () => {
        sending.current = false;
      },
    });
  };
  return { ...mutation, send, idempotencyKey };
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

/** `POST /appointments/:id/tips` (the visit's customer, PAYMENTS=stripe): a tip charged to their card. */
export function useAddTip() {
  return useLedgerWrite<AddTipBody>('tips');
}
