import { Group, Radio, Stack } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';

import { notifySuccess } from '@/components/ui/notify';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { useRecordPayment } from '../api/ledger-writes';
import { centsToInput } from '../amounts';
import { checkAmount } from '../amount-field';
import {
  OFFICE_METHODS,
  AmountField,
  LedgerFormEnd,
  OfficeMethodField,
  ReferenceField,
  type OfficeMethod,
} from './ledger-fields';
import { LedgerModal } from './ledger-modal';

type Kind = 'payment' | 'tip';

type FormProps = { appointmentId: string; owedCents: number; onDone: () => void };

/** The form of one opening of the dialog: its idempotency key is made once, when it opens. */
function RecordPaymentForm({ appointmentId, owedCents, onDone }: FormProps) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const record = useRecordPayment();
  const [kind, setKind] = useState<Kind>('payment');
  const [method, setMethod] = useState<OfficeMethod>('cash');
  const [amount, setAmount] = useState(() => (owedCents > 0 ? centsToInput(owedCents, locale) : ''));
  const [reference, setReference] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const checked = checkAmount(amount);
    if ('error' in checked) {
      setAmountError(checked.error);
      return;
    }
    setAmountError(null);
    record.send(
      {
        appointmentId,
        body: {
          kind,
          method,
          cents: checked.cents,
          ...(reference.trim() && { reference: reference.trim() }),
        },
      },
      () => {
        notifySuccess(kind === 'tip' ? t('payments.record.tipRecorded') : t('payments.record.recorded'));
        onDone();
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group label={t('payments.record.kind')} value={kind} onChange={setKind}>
          <Group gap="lg" mt={6}>
            <Radio value="payment" label={t('payments.kind.payment')} />
            <Radio value="tip" label={t('payments.kind.tip')} />
          </Group>
        </Radio.Group>
        <OfficeMethodField
          label={t('payments.form.method')}
          value={method}
          onChange={setMethod}
          methods={OFFICE_METHODS}
        />
        <AmountField
          label={t('payments.form.amount')}
          description={owedCents > 0 ? t('payments.record.amountHint') : undefined}
          value={amount}
          error={amountError}
          onChange={(value) => {
            setAmount(value);
            setAmountError(null);
          }}
        />
        <ReferenceField value={reference} onChange={setReference} />
        <LedgerFormEnd
          error={record.error}
          failedKey="payments.record.failed"
          submitLabel={t('payments.record.submit')}
          isPending={record.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** "Record a payment" (the office, manual mode): money or a tip received, by cash, cheque or e-Transfer. */
export function RecordPaymentDialog({
  appointmentId,
  owedCents,
  opened,
  onClose,
}: Omit<FormProps, 'onDone'> & { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <LedgerModal segment="payments" title={t('payments.record.title')} opened={opened} onClose={onClose}>
      <RecordPaymentForm appointmentId={appointmentId} owedCents={owedCents} onDone={onClose} />
    </LedgerModal>
  );
}
