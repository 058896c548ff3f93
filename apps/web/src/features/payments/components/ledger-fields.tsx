import type { PaymentMethod } from '@eclat/shared';
import { Alert, Button, Group, Radio, TextInput } from '@mantine/core';

import { useTranslation } from '@/lib/i18n';

import { failureText, isChargePending } from '../failure-text';

/** What the office records by hand (manual mode): never a card, which only the provider takes. */
export const OFFICE_METHODS = ['cash', 'cheque', 'interac'] as const;
export type OfficeMethod = (typeof OFFICE_METHODS)[number];

/**
 * How the money was paid or given back: cash, cheque or Interac e-Transfer; `methods` adds the card where
 * the provider gives money back to it (a refund with PAYMENTS=stripe).
 */
export function OfficeMethodField<Method extends PaymentMethod>({
  label,
  value,
  onChange,
  methods,
}: {
  label: string;
  value: Method;
  onChange: (method: Method) => void;
  methods: readonly Method[];
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={label}
      value={value}
      onChange={(chosen) => {
        const method = methods.find((item) => item === chosen);
        if (method) onChange(method);
      }}
    >
      <Group gap="lg" mt={6}>
        {methods.map((item) => (
          <Radio key={item} value={item} label={t(`payments.method.${item}`)} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** An amount in dollars, typed the language's way; `error` is a translation key. */
export function AmountField({
  label,
  description,
  value,
  error,
  onChange,
}: {
  label: string;
  description?: string;
  value: string;
  error: string | null | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      description={description}
      inputMode="decimal"
      autoComplete="off"
      required
      value={value}
      onChange={(event) => {
        onChange(event.currentTarget.value);
      }}
      error={error ? t(error) : null}
    />
  );
}

/** The cheque number or the e-Transfer's reference, optional. */
export function ReferenceField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('payments.form.reference')}
      description={t('payments.form.referenceHint')}
      autoComplete="off"
      maxLength={80}
      value={value}
      onChange={(event) => {
        onChange(event.currentTarget.value);
      }}
    />
  );
}

/**
 * The end of a ledger form: why the last try was refused, Cancel and the submit button. A charge the
 * server kept for later (CARD_CHARGE_PENDING) is no failure: its text alone, and only Close.
 */
export function LedgerFormEnd({
  error,
  failedKey,
  submitLabel,
  isPending,
  onCancel,
}: {
  error: unknown;
  failedKey: string;
  submitLabel: string;
  isPending: boolean;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  if (isChargePending(error)) return <ChargePendingEnd onClose={onCancel} />;
  return (
    <>
      {error !== null && error !== undefined && (
        <Alert color="red" role="alert">
          {failureText(t, (key) => i18n.exists(key), error, failedKey)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={isPending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

/** A charge kept by the server, made shortly (decision 061): said as such, and Close (no second send). */
export function ChargePendingEnd({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert color="yellow" role="alert">
        {t('errors.CARD_CHARGE_PENDING')}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('common.close')}</Button>
      </Group>
    </>
  );
}
