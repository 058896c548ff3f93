import { formatCents, type PaymentConfirmation } from '@eclat/shared';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';

import { useErrorToast } from '@/lib/error-toast';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { useStartPaymentConfirmation } from '../api/payment-confirmations';

/**
 * "Payment needed — confirm with your bank" on one of My Appointments' visits (decision 060): what the
 * bank wants confirmed and its amount, and the button to Stripe's hosted page in payment mode. One press
 * leaves for the page (never an automatic redirect on load); a refusal shows as a toast.
 */
export function ConfirmWithBank({
  confirmation,
  visitLabel,
}: {
  confirmation: PaymentConfirmation;
  /** The visit's date and time, for the button's accessible name. */
  visitLabel: string;
}) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const start = useStartPaymentConfirmation();
  const showError = useErrorToast();
  const amount = formatCents(confirmation.cents, locale);
  const action = t('paymentConfirm.action');
  return (
    <Alert
      color="red"
      variant="light"
      title={t('paymentConfirm.title')}
      icon={<IconShieldCheck size={18} aria-hidden="true" />}
      data-testid="confirm-with-bank"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t(`paymentConfirm.what.${confirmation.purpose}`, { amount })}</Text>
        <Button
          size="sm"
          loading={start.isPending || start.isSuccess}
          aria-label={t('paymentConfirm.actionLabel', { action, dateTime: visitLabel })}
          onClick={() => {
            if (start.isPending) return;
            start.mutate(
              { appointmentId: confirmation.appointmentId },
              {
                onSuccess: ({ url }) => {
                  window.location.assign(url);
                },
                onError: showError,
              },
            );
          }}
        >
          {action}
        </Button>
      </Stack>
    </Alert>
  );
}
