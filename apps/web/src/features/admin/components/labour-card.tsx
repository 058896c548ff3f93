import { formatCents, type OverviewLabour } from '@eclat/shared';
import { Card, Stack, Text, Title } from '@mantine/core';

import { toIntlLocale } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/i18n';

/**
 * The overview's labour cost (issue 30 §6, decision 066): this week's pay for its completed visits as a
 * share of their price before tax, the figure owners watch ("from 52 % to 42 % of revenue").
 */
export function LabourCard({ labour }: { labour: OverviewLabour }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const share =
    labour.sharePerMille === null
      ? null
      : new Intl.NumberFormat(toIntlLocale(locale), { maximumFractionDigits: 1 }).format(
          labour.sharePerMille / 10,
        );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="overview-labour">
      <Stack gap={4}>
        <Title order={3} size="h4" id="overview-labour">
          {t('pay.labour.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('pay.labour.hint')}
        </Text>
        {share === null ? (
          <Text>{t('pay.labour.noRevenue')}</Text>
        ) : (
          <>
            <Text fz={26} fw={700} lh={1.2}>
              {t('pay.labour.share', { share })}
            </Text>
            <Text size="sm">
              {t('pay.labour.detail', {
                labour: formatCents(labour.labourCents, locale),
                revenue: formatCents(labour.revenueCents, locale),
              })}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
