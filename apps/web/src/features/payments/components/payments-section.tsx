import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconCash, IconReceiptRefund, IconReceiptTax } from '@tabler/icons-react';
import { useState } from 'react';

import { LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { usePaymentsShown } from '@/lib/api/get-payments-policy';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { useVisitPayments } from '../api/get-visit-payments';
import { ChargeFeeDialog } from './charge-fee-dialog';
import { LedgerTable } from './ledger-table';
import { MoneySummary } from './money-summary';
import { RecordPaymentDialog } from './record-payment-dialog';
import { RefundDialog } from './refund-dialog';

type Dialog = 'record' | 'fee' | 'refund' | null;

/**
 * The Payments section of a visit for the admin (issue 29, manual mode): its money, its ledger, and
 * Record a payment, Charge a fee, Refund. The route shows it when payments are not off.
 */
export function PaymentsSection({ appointmentId, timeZone }: { appointmentId: string; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const payments = useVisitPayments(appointmentId);
  const { mode } = usePaymentsShown();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => {
    setDialog(null);
  };

  let body;
  if (payments.isPending) {
    body = <LoadingSkeleton count={4} height={32} />;
  } else if (payments.isError) {
    body = <LoadErrorAlert message={t('payments.loadError')} onRetry={() => void payments.refetch()} />;
  } else {
    const { money } = payments.data;
    body = (
      <Stack gap="lg">
        <MoneySummary payments={payments.data} locale={locale} />
        <Group gap="sm">
          <Button
            leftSection={<IconCash size={18} aria-hidden="true" />}
            onClick={() => {
              setDialog('record');
            }}
          >
            {t('payments.record.open')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconReceiptTax size={18} aria-hidden="true" />}
            onClick={() => {
              setDialog('fee');
            }}
          >
            {t('payments.fee.open')}
          </Button>
          <Button
            variant="default"
            color="red"
            leftSection={<IconReceiptRefund size={18} aria-hidden="true" />}
            disabled={money.refundableCents <= 0}
            onClick={() => {
              setDialog('refund');
            }}
          >
            {t('payments.refund.open')}
          </Button>
        </Group>
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('payments.ledger.heading')}
          </Title>
          <LedgerTable entries={payments.data.entries} timeZone={timeZone} locale={locale} />
        </Stack>
        <RecordPaymentDialog
          appointmentId={appointmentId}
          owedCents={money.owedCents}
          opened={dialog === 'record'}
          onClose={close}
        />
        <ChargeFeeDialog appointmentId={appointmentId} opened={dialog === 'fee'} onClose={close} />
        <RefundDialog
          appointmentId={appointmentId}
          refundableCents={money.refundableCents}
          takesCards={mode === 'stripe'}
          opened={dialog === 'refund'}
          onClose={close}
        />
      </Stack>
    );
  }

  return (
    <Card
      component="section"
      withBorder
      radius="md"
      padding="lg"
      aria-labelledby="payments-heading"
      data-testid="payments-section"
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="payments-heading">
          {t('payments.heading')}
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
