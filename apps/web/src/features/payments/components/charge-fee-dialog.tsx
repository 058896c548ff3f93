import { FEE_KINDS, type FeeKind } from '@eclat/shared';
import { Alert, Button, Group, Modal, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import { useRef, useState, type SubmitEvent } from 'react';

import { notifySuccess } from '@/components/ui/notify';
import { useTranslation } from '@/lib/i18n';

import { useChargeFee } from '../api/ledger-writes';
import { checkAmount } from '../amount-field';
import { failureText, newIdempotencyKey } from '../failure-text';

type FormProps = { appointmentId: string; onDone: () => void };

function ChargeFeeForm({ appointmentId, onDone }: FormProps) {
  const { t, i18n } = useTranslation();
  const charge = useChargeFee();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [feeKind, setFeeKind] = useState<FeeKind>('lockout');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
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
    charge.mutate(
      {
        appointmentId,
        body: { feeKind, cents: checked.cents, ...(note.trim() && { note: note.trim() }), idempotencyKey },
      },
      {
        onSuccess: () => {
          notifySuccess(t('payments.fee.charged'));
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
        <TextInput
          label={t('payments.fee.amount')}
          description={t('payments.fee.amountHint')}
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
        {charge.isError && (
          <Alert color="red" role="alert">
            {failureText(t, (key) => i18n.exists(key), charge.error, 'payments.fee.failed')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={charge.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={charge.isPending}>
            {t('payments.fee.submit')}
          </Button>
        </Group>
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
    <Modal opened={opened} onClose={onClose} title={t('payments.fee.title')} size="md">
      {opened && <ChargeFeeForm appointmentId={appointmentId} onDone={onClose} />}
    </Modal>
  );
}
