import type { Locale, RecurringDiscounts, RecurringFrequency } from '@eclat/shared';
import { Group, Stack, Text } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';

import { useTranslation } from '@/lib/i18n';
import { formatCurrency } from '@/lib/format';

import { frequencyPrice } from '../price';
import { rhythmOfStart, rhythmText } from '../rhythm';

type SeriesOfferProps = {
  frequency: RecurringFrequency;
  /** The services' total (priced ones): 0 when every service is priced on request. */
  total: number;
  discounts: RecurringDiscounts;
  /** The chosen first visit (instant), which gives the weekday and time; none yet: no rhythm. */
  startsAt: string | null;
  timeZone: string | undefined;
  locale: Locale;
};

/**
 * What a recurring choice means before it is booked: the rhythm ("Every 2 weeks on Tuesday at 10:00",
 * from the chosen time in the business time zone), the price per visit and the saving, and whether the
 * first visit is at the full price; then how the visits are planned, "needs a time" included.
 */
export function SeriesOffer({ frequency, total, discounts, startsAt, timeZone, locale }: SeriesOfferProps) {
  const { t } = useTranslation();
  const price = frequencyPrice(total, frequency, discounts);
  const rhythm =
    startsAt && timeZone ? rhythmText(rhythmOfStart(frequency, startsAt, timeZone), locale) : null;
  return (
    <Stack gap="xs" data-testid="series-offer">
      {rhythm && (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconRepeat size={20} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
          <Text fw={700} data-testid="series-rhythm">
            {t(rhythm.key, rhythm.values)}
          </Text>
        </Group>
      )}
      {total > 0 && (
        <>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text>{t('series.offer.pricePerVisit')}</Text>
            <Text fw={700} size="lg" data-testid="series-price">
              {formatCurrency(price.perVisit, locale)}
            </Text>
          </Group>
          {price.saving > 0 && (
            <Text size="sm" c="teal.9" fw={600} data-testid="series-saving">
              {t('series.offer.saving', {
                amount: formatCurrency(price.saving, locale),
                percent: price.percent,
              })}
            </Text>
          )}
          {price.isFirstVisitFull && (
            <Text size="sm" data-testid="series-first-visit">
              {t('series.offer.firstVisitFull', { amount: formatCurrency(price.firstVisit, locale) })}
            </Text>
          )}
        </>
      )}
      <Text size="sm" c="dimmed">
        {t('series.offer.planNote')}
      </Text>
    </Stack>
  );
}
