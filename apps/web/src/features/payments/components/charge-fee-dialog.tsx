import { FEE_KINDS, type FeeKind } from '@eclat/shared';
import { Radio, Stack, Textarea } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';

import { notifySuccess } from '@/components/ui/notify';
import { useTranslation } from '@/lib/i18n';

import { useChargeFee } from '../api/ledger-writes';
import { checkAmount } from '../amount-field';
import { AmountField, LedgerFormEnd } from './ledger-fields';
import { LedgerModal } from './ledger-modal';

type FormProps = { appointmentId: string; onDone: () => void };

function ChargeFeeForm({ appointmentId, onDone }: FormProps) {
  const { t } = useTranslation();
  const charge = useChargeFee();
  const [feeKind, setFeeKind] = useState<FeeKind>('lockout');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const checked = checkAmount(amount);
    if ('error' in checked) {
      setAmountError(checked.error);
      return;
    }
    setAmountError(null);
    charge.send(
      { appointmentId, body: { feeKind, cents: checked.cents, ...(note.trim() && { note: note.trim() }) } },
      () => {
        notifySuccess(t('payments.fee.charged'));
        onDone();
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group
          label={t('payments.fee.kind')}
          value={feeKind}
          onChange={(value) => {
            const chosen = FEE_KINDS.find((item) => item === value);
            if (chosen) setFeeKind(chosen);
          }}
        >
          <Stack gap="xs" mt={6}>
            {FEE_KINDS.map((item) => (
              <Radio key={item} value={item} label={t(`payments.feeKind.${item}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <AmountField
          label={t('payments.fee.amount')}
          description={t('payments.fee.amountHint')}
          value={amount}
          error={amountError}
          onChange={(value) => {
            setAmount(value);
            setAmountError(null);
          }}
        />
        <Textarea
          label={t('payments.fee.note')}
          autosize
          minRows={2}
          maxLength={500}
          value={note}
          onChange={(event) => {
            setNote(event.currentTarget.value);
          }}
        />
        <LedgerFormEnd
          error={charge.error}
          failedKey="payments.fee.failed"
          submitLabel={t('payments.fee.submit')}
          isPending={charge.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** "Charge a fee" (the office): a lockout or a late cancellation, before tax, with a note. */
export function ChargeFeeDialog({
  appointmentId,
  opened,
  onClose,
}: {
  appointmentId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <LedgerModal segment="fees" title={t('payments.fee.title')} opened={opened} onClose={onClose}>
      <ChargeFeeForm appointmentId={appointmentId} onDone={onClose} />
    </LedgerModal>
  );
}
