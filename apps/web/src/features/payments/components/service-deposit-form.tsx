import { Alert, Button, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';

import { notifySuccess } from '@/components/ui/notify';
import { LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { usePaymentsShown } from '@/lib/api/get-payments-policy';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { useSaveServiceDeposit, useServiceDeposit } from '../api/service-deposit';
import { depositFromForm, toDepositFormValues, type DepositFormValues } from '../deposit-form-values';
import { AmountField } from './ledger-fields';

const KINDS = ['none', 'percent', 'fixed'] as const;

function DepositFields({ serviceId, initial }: { serviceId: string; initial: DepositFormValues }) {
  const { t } = useTranslation();
  const save = useSaveServiceDeposit(serviceId);
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<{ field: 'percent' | 'amount'; error: string } | null>(null);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const checked = depositFromForm(values);
    if ('error' in checked) {
      setError(checked);
      return;
    }
    setError(null);
    save.mutate(checked, {
      onSuccess: () => {
        notifySuccess(t('cardCharges.deposit.saved'));
      },
    });
  };
  const change = (next: Partial<DepositFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setError(null);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group
          label={t('cardCharges.deposit.kind')}
          value={values.kind}
          onChange={(value) => {
            const kind = KINDS.find((item) => item === value);
            if (kind) change({ kind });
          }}
        >
          <Group gap="lg" mt={6}>
            {KINDS.map((kind) => (
              <Radio key={kind} value={kind} label={t(`cardCharges.deposit.kinds.${kind}`)} />
            ))}
          </Group>
        </Radio.Group>
        {values.kind === 'percent' && (
          <TextInput
            label={t('cardCharges.deposit.percent')}
            description={t('cardCharges.deposit.percentHint')}
            inputMode="numeric"
            autoComplete="off"
            required
            value={values.percent}
            onChange={(event) => {
              change({ percent: event.currentTarget.value });
            }}
            error={error?.field === 'percent' ? t(error.error) : null}
          />
        )}
        {values.kind === 'fixed' && (
          <AmountField
            label={t('cardCharges.deposit.amount')}
            description={t('cardCharges.deposit.amountHint')}
            value={values.amount}
            error={error?.field === 'amount' ? error.error : null}
            onChange={(amount) => {
              change({ amount });
            }}
          />
        )}
        {save.isError && (
          <Alert color="red" role="alert">
            {t('cardCharges.deposit.failed')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('cardCharges.deposit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The service's deposit (admin; decision 057), beside its form when payments are on: none, a percent of
 * the visit's total, or a fixed amount, taken at booking from the card on file (PAYMENTS=stripe).
 */
export function ServiceDepositSection({ serviceId }: { serviceId: string }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const payments = usePaymentsShown();
  const deposit = useServiceDeposit(serviceId, payments.isShown);
  if (!payments.isShown) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby="service-deposit-heading" mt="xl">
      <Title order={2} size="h4" id="service-deposit-heading">
        {t('cardCharges.deposit.heading')}
      </Title>
      <Text size="sm" c="dimmed">
        {t(payments.mode === 'stripe' ? 'cardCharges.deposit.intro' : 'cardCharges.deposit.introManual')}
      </Text>
      {deposit.isPending ? (
        <LoadingSkeleton count={1} height={80} />
      ) : deposit.isError ? (
        <LoadErrorAlert message={t('cardCharges.deposit.loadError')} onRetry={() => void deposit.refetch()} />
      ) : (
        <DepositFields serviceId={serviceId} initial={toDepositFormValues(deposit.data.deposit, locale)} />
      )}
    </Stack>
  );
}
