import { Alert, Button, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { useRef, useState, type SubmitEvent } from 'react';

import { notifySuccess } from '@/components/ui/notify';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { useRecordPayment } from '../api/ledger-writes';
import { centsToInput } from '../amounts';
import { checkAmount } from '../amount-field';
import { failureText, newIdempotencyKey } from '../failure-text';

/** What the office records by hand (manual mode): never a card, which only the provider takes. */
export const OFFICE_METHODS = ['cash', 'cheque', 'interac'] as const;
type OfficeMethod = (typeof OFFICE_METHODS)[number];
type Kind = 'payment' | 'tip';

type FormProps = { appointmentId: string; owedCents: number; onDone: () => void };

/** The form of one opening of the dialog: its idempotency key is made once, when it opens. */
function RecordPaymentForm({ appointmentId, owedCents, onDone }: FormProps) {
  const { t, i18n } = useTranslation();
  const locale = useLanguage();
  const record = useRecordPayment();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [kind, setKind] = useState<Kind>('payment');
  const [method, setMethod] = useState<OfficeMethod>('cash');
  const [amount, setAmount] = useState(() => (owedCents > 0 ? centsToInput(owedCents, locale) : ''));
  const [reference, setReference] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  // A second press before the first answer sends nothing (the server would record it once anyway).
  const sending = useRef(false);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const checked = checkAmount(amount);
    if ('error' in checked) {
      setAmountError(checked.error);
      return;
    }
    setAmountError(null);
    sending.current = true;
    record.mutate(
      {
        appointmentId,
        body: {
          kind,
          method,
          cents: checked.cents,
          ...(reference.trim() && { reference: reference.trim() }),
          idempotencyKey,
        },
      },
      {
        onSuccess: () => {
          notifySuccess(kind === 'tip' ? t('payments.record.tipRecorded') : t('payments.record.recorded'));
          onDone();
        },
        onSettled: () => {
          sending.current = false;
        },
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
        <Radio.Group
          label={t('payments.form.method')}
          value={method}
          onChange={(value) => {
            const chosen = OFFICE_METHODS.find((item) => item === value);
            if (chosen) setMethod(chosen);
          }}
        >
          <Group gap="lg" mt={6}>
            {OFFICE_METHODS.map((item) => (
              <Radio key={item} value={item} label={t(`payments.method.${item}`)} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label={t('payments.form.amount')}
          description={owedCents > 0 ? t('payments.record.amountHint') : undefined}
          inputMode="decimal"
          autoComplete="off"
          required
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setAmountError(null);
          }}
          error={amountError ? t(amountError) : null}
        />
        <TextInput
          label={t('payments.form.reference')}
          description={t('payments.form.referenceHint')}
          autoComplete="off"
          maxLength={80}
          value={reference}
          onChange={(event) => {
            setReference(event.currentTarget.value);
          }}
        />
        {record.isError && (
          <Alert color="red" role="alert">
            {failureText(t, (key) => i18n.exists(key), record.error, 'payments.record.failed')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={record.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={record.isPending}>
            {t('payments.record.submit')}
          </Button>
        </Group>
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
    <Modal opened={opened} onClose={onClose} title={t('payments.record.title')} size="md">
      {opened && <RecordPaymentForm appointmentId={appointmentId} owedCents={owedCents} onDone={onClose} />}
    </Modal>
  );
}
