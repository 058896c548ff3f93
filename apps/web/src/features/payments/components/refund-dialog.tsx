import { formatCents } from '@eclat/shared';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';

import { notifySuccess } from '@/components/ui/notify';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { useRefund } from '../api/ledger-writes';
import { centsToInput } from '../amounts';
import { checkAmount } from '../amount-field';
import { failureText } from '../failure-text';
import { AmountField, OFFICE_METHODS, OfficeMethodField, ReferenceField } from './ledger-fields';
import { LedgerModal } from './ledger-modal';
/** With PAYMENTS=stripe the money can go back to the card (the provider refunds it), first choice. */
const WITH_CARD = ['card', ...OFFICE_METHODS] as const;
type RefundMethod = (typeof WITH_CARD)[number];
type FormProps = { appointmentId: string; refundableCents: number; takesCards: boolean; onDone: () => void };
type Checked = { cents: number; method: RefundMethod; reason: string; reference: string };

/**
 * The refund's two steps: the form (amount prefilled with what may be refunded, how, why), then a
 * confirmation that says the amount before anything is sent.
 */
function RefundForm({ appointmentId, refundableCents, takesCards, onDone }: FormProps) {
  const { t, i18n } = useTranslation();
  const locale = useLanguage();
  const refund = useRefund();
  const [amount, setAmount] = useState(() => centsToInput(refundableCents, locale));
  const [method, setMethod] = useState<RefundMethod>(takesCards ? 'card' : 'cash');
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [checked, setChecked] = useState<Checked | null>(null);

  const review = (event: SubmitEvent) => {
    event.preventDefault();
    const amountChecked = checkAmount(amount, {
      cents: refundableCents,
      key: 'payments.errors.aboveRefundable',
    });
    const next = {
      amount: 'error' in amountChecked ? amountChecked.error : undefined,
      reason: reason.trim() ? undefined : 'payments.errors.reasonRequired',
    };
    setErrors(next);
    if ('error' in amountChecked || next.reason) return;
    setChecked({ cents: amountChecked.cents, method, reason: reason.trim(), reference: reference.trim() });
  };

  const confirm = () => {
    if (!checked) return;
    refund.send(
      {
        appointmentId,
        body: {
          cents: checked.cents,
          method: checked.method,
          reason: checked.reason,
          ...(checked.reference && { reference: checked.reference }),
        },
      },
      () => {
        notifySuccess(t('payments.refund.done', { amount: formatCents(checked.cents, locale) }));
        onDone();
      },
    );
  };

  if (checked) {
    const amountText = formatCents(checked.cents, locale);
    return (
      <Stack gap="md" data-testid="refund-confirmation">
        <Text fw={600}>
          {t('payments.refund.confirmText', {
            amount: amountText,
            // Inside a sentence: "in cash", "by cheque" (not the field's "Cash").
            method: t(`payments.methodInSentence.${checked.method}`),
          })}
        </Text>
        <Text size="sm">{t('payments.refund.reasonShown', { reason: checked.reason })}</Text>
        <Text size="sm" c="dimmed">
          {t('payments.refund.final')}
        </Text>
        {refund.isError && (
          <Alert color="red" role="alert">
            {failureText(t, (key) => i18n.exists(key), refund.error, 'payments.refund.failed')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            disabled={refund.isPending}
            onClick={() => {
              refund.reset();
              setChecked(null);
            }}
          >
            {t('payments.refund.back')}
          </Button>
          <Button color="red" loading={refund.isPending} onClick={confirm} data-autofocus>
            {t('payments.refund.confirm', { amount: amountText })}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={review} noValidate>
      <Stack gap="md">
        <AmountField
          label={t('payments.form.amount')}
          description={t('payments.refund.amountHint', { amount: formatCents(refundableCents, locale) })}
          value={amount}
          error={errors.amount}
          onChange={(value) => {
            setAmount(value);
            setErrors((current) => ({ ...current, amount: undefined }));
          }}
        />
        <OfficeMethodField
          label={t('payments.refund.method')}
          value={method}
          onChange={setMethod}
          methods={takesCards ? WITH_CARD : OFFICE_METHODS}
        />
        <Textarea
          label={t('payments.refund.reason')}
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setErrors((current) => ({ ...current, reason: undefined }));
          }}
          error={errors.reason ? t(errors.reason) : null}
        />
        <ReferenceField value={reference} onChange={setReference} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red">
            {t('payments.refund.review')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Refund" (the admin): part or all of what was paid, with a reason, confirmed with its amount. */
export function RefundDialog({
  appointmentId,
  refundableCents,
  takesCards,
  opened,
  onClose,
}: Omit<FormProps, 'onDone'> & { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <LedgerModal segment="refunds" title={t('payments.refund.title')} opened={opened} onClose={onClose}>
      <RefundForm
        appointmentId={appointmentId}
        refundableCents={refundableCents}
        takesCards={takesCards}
        onDone={onClose}
      />
    </LedgerModal>
  );
}
