import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';

import { LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { DiscrepanciesPanel } from '@/features/payments/components/discrepancies-panel';
import { usePaymentsPolicy } from '@/lib/api/get-payments-policy';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';
import { useDocumentMeta } from '@/lib/use-page-meta';

/**
 * What the daily reconciliation with Stripe found (issue 29 §6, decision 061): the admin reads each
 * difference and marks it resolved. Only with PAYMENTS=stripe; otherwise it says there is nothing to compare.
 */
export function PaymentDiscrepanciesRoute() {
  const { t } = useTranslation();
  const { title } = useDocumentMeta('payments.discrepancies.title', 'payments.discrepancies.description');
  const policy = usePaymentsPolicy();
  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Anchor component={Link} to={paths.adminDashboard.getHref()} size="sm">
          {t('payments.taxes.back')}
        </Anchor>
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" maw={720}>
            {t('payments.discrepancies.intro')}
          </Text>
        </Stack>
        {policy.isError ? (
          <LoadErrorAlert
            message={t('payments.discrepancies.loadError')}
            onRetry={() => void policy.refetch()}
          />
        ) : !policy.data ? (
          <LoadingSkeleton count={4} />
        ) : policy.data.mode !== 'stripe' ? (
          <Alert color="yellow" role="status">
            {t('payments.discrepancies.noCards')}
          </Alert>
        ) : (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <DiscrepanciesPanel />
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
