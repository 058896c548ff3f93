import { Alert, Loader, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

import { useTranslation } from '@/lib/i18n';

import { useFinishPaymentConfirmation } from '../api/payment-confirmations';

/**
 * The way back from Stripe's payment page (decision 060): the server's success address is
 * `/my-appointments?payment=confirmed&session=…`, its cancel address `?payment=cancelled`. Confirmed: the
 * result is recorded (`POST /payments/confirmation/done`) and said ("Hold confirmed", "Payment
 * confirmed"); cancelled: nothing was paid, the visit's button is still there. The focus moves to it.
 */
export function ConfirmationReturn({
  outcome,
  sessionId,
  onClose,
}: {
  outcome: 'confirmed' | 'cancelled';
  sessionId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const finish = useFinishPaymentConfirmation();
  const sent = useRef(false);
  const statusRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome !== 'confirmed' || !sessionId || sent.current) return;
    sent.current = true;
    finish.mutate(sessionId);
  }, [outcome, sessionId, finish]);

  const settled = finish.isSuccess || finish.isError || outcome === 'cancelled' || !sessionId;
  useEffect(() => {
    if (settled) statusRef.current?.focus();
  }, [settled]);

  if (!settled) {
    return (
      <Alert color="blue" role="status">
        <Group gap="sm">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">{t('paymentConfirm.return.checking')}</Text>
        </Group>
      </Alert>
    );
  }
  const done = finish.data;
  const text =
    outcome === 'cancelled' || !sessionId
      ? t('paymentConfirm.return.cancelled')
      : done?.status === 'confirmed'
        ? t(
            done.purpose === 'hold'
              ? 'paymentConfirm.return.holdConfirmed'
              : done.purpose === 'tip'
                ? 'paymentConfirm.return.tipPaid'
                : 'paymentConfirm.return.paid',
          )
        : done?.status === 'open'
          ? t('paymentConfirm.return.pending')
          : t('paymentConfirm.return.failed');
  const isGood = done?.status === 'confirmed';
  return (
    <Alert
      color={isGood ? 'teal' : 'blue'}
      role="status"
      ref={statusRef}
      tabIndex={-1}
      withCloseButton
      closeButtonLabel={t('common.dismiss')}
      onClose={onClose}
      data-testid="payment-confirmation-return"
    >
      {text}
    </Alert>
  );
}
