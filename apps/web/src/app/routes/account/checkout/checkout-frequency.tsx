import { Skeleton } from '@mantine/core';

import { LoadErrorAlert } from '@/components/ui/query-states';
import { FrequencyChoice } from '@/features/series/components/frequency-choice';
import { SeriesOffer } from '@/features/series/components/series-offer';
import { useTranslation } from '@/lib/i18n';

import { CheckoutSection } from './checkout-section';
import type { Checkout } from './use-checkout';

/** How often (decision 020): once, or a recurring cleaning with its discount and planned visits. */
export function CheckoutFrequency({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation();
  const { frequency, changeFrequency, discounts, isBooking, total, appointmentDate, zone, locale } = checkout;

  return (
    <CheckoutSection heading={t('series.offer.heading')}>
      <FrequencyChoice
        value={frequency}
        onChange={changeFrequency}
        discounts={discounts.data}
        disabled={isBooking}
      />
      {frequency !== 'once' &&
        (discounts.isError ? (
          <LoadErrorAlert
            message={t('series.offer.discountsError')}
            onRetry={() => void discounts.refetch()}
          />
        ) : !discounts.data ? (
          <Skeleton height={60} />
        ) : (
          <SeriesOffer
            frequency={frequency}
            total={total}
            discounts={discounts.data}
            startsAt={appointmentDate}
            timeZone={zone}
            locale={locale}
          />
        ))}
    </CheckoutSection>
  );
}
