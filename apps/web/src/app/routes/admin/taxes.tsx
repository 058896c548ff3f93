import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';

import { paths } from '@/config/paths';
import { TaxSettingsForm } from '@/features/payments/components/tax-settings-form';
import { usePaymentsPolicy } from '@/lib/api/get-payments-policy';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';
import { useDocumentMeta } from '@/lib/use-page-meta';

/**
 * The admin's tax settings (issue 29): the legal name and tax numbers receipts print, the province of a
 * visit whose postal code names none, and each province's taxes with their rates.
 */
export function TaxSettingsRoute() {
  const { t } = useTranslation();
  const { title } = useDocumentMeta('payments.taxes.title', 'payments.taxes.description');
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
            {t('payments.taxes.intro')}
          </Text>
        </Stack>
        {policy.data?.mode === 'off' && (
          <Alert color="yellow" role="status">
            {t('payments.taxes.paymentsOff')}
          </Alert>
        )}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <TaxSettingsForm />
        </Paper>
      </Stack>
    </Container>
  );
}
