import { Button, Collapse, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId } from 'react';

import { LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { useVisitPayments } from '../api/get-visit-payments';
import { MoneySummary } from './money-summary';

/**
 * A visit's money for its customer (issue 29), read only, behind "Payment details": read when opened,
 * so My Appointments asks for no visit's ledger the customer does not open.
 */
export function VisitPaymentDetails({ appointmentId, label }: { appointmentId: string; label: string }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const [opened, { toggle }] = useDisclosure(false);
  const payments = useVisitPayments(appointmentId, { enabled: opened });
  const regionId = useId();

  let body = null;
  if (opened) {
    if (payments.isPending) body = <LoadingSkeleton count={3} height={24} />;
    else if (payments.isError)
      body = <LoadErrorAlert message={t('payments.loadError')} onRetry={() => void payments.refetch()} />;
    else body = <MoneySummary payments={payments.data} locale={locale} showState={false} />;
  }

  return (
    <Stack gap="xs" align="stretch">
      <Button
        variant="subtle"
        size="compact-sm"
        style={{ alignSelf: 'flex-start' }}
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={regionId}
        aria-label={label}
        rightSection={
          opened ? (
            <IconChevronUp size={16} aria-hidden="true" />
          ) : (
            <IconChevronDown size={16} aria-hidden="true" />
          )
        }
      >
        {t('payments.details.open')}
      </Button>
      <Collapse expanded={opened} id={regionId}>
        {body}
      </Collapse>
    </Stack>
  );
}
