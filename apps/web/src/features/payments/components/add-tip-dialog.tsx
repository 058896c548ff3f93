import { formatCents } from '@eclat/shared';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';

import { notifySuccess } from '@/components/ui/notify';
import { isApiError } from '@/lib/api-client';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { useAddTip } from '../api/ledger-writes';
import { useStartPaymentConfirmation } from '../api/payment-confirmations';
import { failureText, isChargePending } from '../failure-text';
import { TIP_PERCENTS, checkTip, tipPresets } from '../tip-amounts';
import { AmountField, ChargePendingEnd } from './ledger-fields';

type FormProps = { appointmentId: string; totalCents: number; onDone: () => void };

const OTHER = 'other';

function AddTipForm({ appointmentId, totalCents, onDone }: FormProps) {
  const { t, i18n } = useTranslation();
  const locale = useLanguage();
  // One key for this opening of the dialog: a second press, or a retry, charges once.
  const addTip = useAddTip();
  const toPage = useStartPaymentConfirmation();
  const presets = tipPresets(totalCents);
  const [choice, setChoice] = useState(String(presets[1] ?? presets[0]));
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const percentOf = (index: number) => (totalCents > 0 ? TIP_PERCENTS[index] : undefined);

  const review = (event: SubmitEvent) => {
    event.preventDefault();
    if (choice !== OTHER) {
      setConfirming(Number(choice));
      return;
    }
    const checked = checkTip(typed);
    if ('error' in checked) {
      setTypedError(checked.error);
      return;
    }
    setTypedError(null);
    setConfirming(checked.cents);
  };

  if (confirming !== null) {
    const amount = formatCents(confirming, locale);
    const charge = (event: SubmitEvent) => {
      event.preventDefault();
      addTip.send({ appointmentId, body: { cents: confirming } }, () => {
        notifySuccess(t('cardCharges.tip.done', { amount }));
        onDone();
      });
    };
    // Stripe did not answer in time (decision 061): the tip is kept and charged shortly by the server;
    // sending it again would only risk a second tip, so the dialog says so and offers to close.
    if (isChargePending(addTip.error))
      return (
        <Stack gap="md">
          <ChargePendingEnd onClose={onDone} />
        </Stack>
      );
    // The bank wants the cardholder present (decision 060): the same tip, paid on the hosted page.
    const bankAsks = isApiError(addTip.error) && addTip.error.code === 'BANK_CONFIRMATION_NEEDED';
    if (bankAsks)
      return (
        <Stack gap="md">
          <Alert color="yellow" role="alert" title={t('cardCharges.tip.bankTitle')}>
            {t('cardCharges.tip.bankText', { amount })}
          </Alert>
          {toPage.error !== null && (
            <Alert color="red" role="alert">
              {failureText(t, (key) => i18n.exists(key), toPage.error, 'cardCharges.tip.failed')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              {t('common.cancel')}
            </Button>
            <Button
              loading={toPage.isPending || toPage.isSuccess}
              onClick={() => {
                if (toPage.isPending) return;
                toPage.mutate(
                  { appointmentId, tipKey: addTip.idempotencyKey },
                  {
                    onSuccess: ({ url }) => {
                      window.location.assign(url);
                    },
                  },
                );
              }}
            >
              {t('cardCharges.tip.bankContinue')}
            </Button>
          </Group>
        </Stack>
      );
    return (
      <form onSubmit={charge} noValidate>
        <Stack gap="md">
          <Text>{t('cardCharges.tip.confirmText', { amount })}</Text>
          {addTip.error !== null && (
            <Alert color="red" role="alert">
              {failureText(t, (key) => i18n.exists(key), addTip.error, 'cardCharges.tip.failed')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={addTip.isPending}
              onClick={() => {
                addTip.reset();
                setConfirming(null);
              }}
            >
              {t('cardCharges.tip.back')}
            </Button>
            <Button type="submit" loading={addTip.isPending}>
              {t('cardCharges.tip.charge', { amount })}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={review} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('cardCharges.tip.intro')}</Text>
        <Radio.Group
          label={t('cardCharges.tip.amount')}
          value={choice}
          onChange={(value) => {
            setChoice(value);
            setTypedError(null);
          }}
        >
          <Stack gap="xs" mt={6}>
            {presets.map((cents, index) => {
              const percent = percentOf(index);
              const amount = formatCents(cents, locale);
              return (
                <Radio
                  key={cents}
                  value={String(cents)}
                  label={percent ? t('cardCharges.tip.preset', { amount, percent }) : amount}
                />
              );
            })}
            <Radio value={OTHER} label={t('cardCharges.tip.other')} />
          </Stack>
        </Radio.Group>
        {choice === OTHER && (
          <AmountField
            label={t('cardCharges.tip.otherAmount')}
            description={t('cardCharges.tip.otherHint')}
            value={typed}
            error={typedError}
            onChange={(value) => {
              setTyped(value);
              setTypedError(null);
            }}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit">{t('cardCharges.tip.review')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Add a tip" (the customer, PAYMENTS=stripe; decision 057): a share of the visit's total or another
 * amount, then a confirmation naming the amount charged to the card on file. One idempotency key per
 * opening: the form mounts when the dialog opens.
 */
export function AddTipDialog({
  appointmentId,
  totalCents,
  opened,
  onClose,
}: {
  appointmentId: string;
  totalCents: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('cardCharges.tip.title')}
      size="md"
      closeOnClickOutside={false}
    >
      {opened && <AddTipForm appointmentId={appointmentId} totalCents={totalCents} onDone={onClose} />}
    </Modal>
  );
}
