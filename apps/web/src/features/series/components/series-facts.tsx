import { addressLine, type Locale, type Series } from '@eclat/shared';
import { Group, Stack, Text } from '@mantine/core';

import { NeedsTimeBadge } from '@/components/ui/series-markers';
import { formatBusinessDateTime } from '@/lib/business-time';
import { formatCurrency } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

import type { SeriesAudience } from '../links';

/**
 * What a series is, as a list of terms: its services, price per visit (with its discount), next visit,
 * cleaner (for the office), address and comments.
 */
export function SeriesFacts({
  series,
  audience,
  locale,
}: {
  series: Series;
  audience: SeriesAudience;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const isCancelled = series.status === 'cancelled';
  const services = series.serviceDetails.map((line) => line.title).join(', ');
  return (
    <Stack gap={6} component="dl" m={0}>
      <div>
        <Text component="dt" size="sm" fw={600}>
          {t('series.card.services')}
        </Text>
        <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
          {services}
        </Text>
      </div>
      {series.fullPrice > 0 && (
        <div>
          <Text component="dt" size="sm" fw={600}>
            {t('series.card.pricePerVisit')}
          </Text>
          <Text component="dd" m={0} data-testid="series-card-price">
            {series.discountPercent > 0
              ? t('series.card.discount', {
                  price: formatCurrency(series.pricePerVisit, locale),
                  percent: series.discountPercent,
                })
              : formatCurrency(series.pricePerVisit, locale)}
          </Text>
        </div>
      )}
      {!isCancelled && (
        <div>
          <Text component="dt" size="sm" fw={600}>
            {t('series.card.nextVisit')}
          </Text>
          <Group component="dd" m={0} gap="xs">
            <Text data-testid="series-next-visit">
              {series.nextVisit
                ? formatBusinessDateTime(series.nextVisit.appointmentDate, series.timeZone, locale)
                : t('series.card.noNextVisit')}
            </Text>
            {series.nextVisit?.needsTime && <NeedsTimeBadge size="sm" />}
          </Group>
        </div>
      )}
      {series.preferredEmployee && audience === 'admin' && (
        <div>
          <Text component="dt" size="sm" fw={600}>
            {t('series.card.cleaner')}
          </Text>
          <Text component="dd" m={0}>
            {series.preferredEmployee.name}
          </Text>
        </div>
      )}
      {addressLine(series) && (
        <div>
          <Text component="dt" size="sm" fw={600}>
            {t('series.card.address')}
          </Text>
          <Text component="dd" m={0}>
            {addressLine(series)}
          </Text>
        </div>
      )}
      {series.comments && (
        <div>
          <Text component="dt" size="sm" fw={600}>
            {t('series.card.comments')}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {series.comments}
          </Text>
        </div>
      )}
    </Stack>
  );
}
