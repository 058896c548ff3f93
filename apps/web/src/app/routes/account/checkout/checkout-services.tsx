import { Alert, Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';

import { PriceBreakdown } from '@/components/pricing/price-breakdown';
import { requestQuoteHref } from '@/features/quotes/links';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { CheckoutSection, SectionRetryAlert } from './checkout-section';
import type { Checkout } from './use-checkout';

/** What is booked: the services with their prices and the total (or "tell us about your home first"). */
export function CheckoutServices({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation();
  const { services, estimate, quotedCount, locale, place, backToCalendar } = checkout;

  let content;
  if (services.isPending) {
    content = <Skeleton height={72} />;
  } else if (services.isError) {
    content = (
      <SectionRetryAlert message={t('checkout.errors.services')} onRetry={() => void services.refetch()} />
    );
  } else {
    content = (
      <Stack gap="xs">
        {estimate.price ? (
          <PriceBreakdown
            lines={estimate.price.lines}
            totalCents={estimate.price.totalCents}
            locale={locale}
            totalTestId="checkout-total"
            totalLabel={t('checkout.total')}
          />
        ) : (
          <Alert color="blue" role="alert" p="sm">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('pricing.home.first')}</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  backToCalendar(null);
                }}
              >
                {t('pricing.home.heading')}
              </Button>
            </Stack>
          </Alert>
        )}
        {(estimate.price?.totalCents ?? 0) > 0 && quotedCount > 0 && (
          <Text size="sm" c="dimmed" data-testid="checkout-total-note">
            {t('checkout.totalExcludesQuoted', { count: quotedCount })}
          </Text>
        )}
        {quotedCount > 0 && (
          <Anchor
            component={Link}
            to={requestQuoteHref({
              serviceIds: services.data
                .filter((service) => service.pricing <= 0)
                .map((service) => service.serviceId),
              postalCode: place.postalCode,
            })}
            size="sm"
          >
            {t('quotes.requestForQuoted', { count: quotedCount })}
          </Anchor>
        )}
      </Stack>
    );
  }

  return <CheckoutSection heading={t('checkout.servicesHeading')}>{content}</CheckoutSection>;
}
