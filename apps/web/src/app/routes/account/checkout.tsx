import { Alert, Button, Container, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconRepeat } from '@tabler/icons-react';

import { NoServicesSelected } from '@/features/booking/components/no-services-selected';
import { VerifyEmailBanner } from '@/features/email-verification/components/verify-email-banner';
import { OutsideAreaAlert } from '@/features/quotes/components/outside-area-alert';
import { BookedSeries } from '@/features/series/components/booked-series';
import { useTranslation } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';

import { CheckoutCard } from './checkout/checkout-card';
import { CheckoutDetails } from './checkout/checkout-details';
import { CheckoutFrequency } from './checkout/checkout-frequency';
import { CheckoutRefusal } from './checkout/checkout-refusal';
import { CheckoutServices } from './checkout/checkout-services';
import { CheckoutWhen } from './checkout/checkout-when';
import { useCheckout } from './checkout/use-checkout';

/**
 * Spec §2 Checkout, §5, §8: the services with prices and total, the date and time (business time
 * zone), the name and address from the profile, comments, and Confirm Appointment. The state, the
 * rules and the submit are `useCheckout`'s; each section has its own component beside it.
 */
export function CheckoutRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('checkout');
  const checkout = useCheckout();
  const { bookedSeries, serviceIds, area, refusal, formError, isBooking, isRecurring } = checkout;

  if (bookedSeries) {
    return (
      <Container size="md" py={{ base: 'xl', sm: 48 }}>
        <Stack gap="lg">
          <Title order={1}>{title}</Title>
          <BookedSeries series={bookedSeries} locale={checkout.locale} />
        </Stack>
      </Container>
    );
  }

  if (serviceIds.length === 0) {
    return <NoServicesSelected title={title} />;
  }

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('checkout.intro')}</Text>
        </Stack>
        <VerifyEmailBanner />

        <CheckoutServices checkout={checkout} />
        <CheckoutWhen checkout={checkout} />
        <CheckoutFrequency checkout={checkout} />
        <CheckoutDetails checkout={checkout} />
        <CheckoutCard checkout={checkout} />

        <Textarea
          label={t('checkout.comments')}
          placeholder={t('checkout.commentsPlaceholder')}
          autosize
          minRows={3}
          maxLength={1000}
          value={checkout.comments}
          onChange={(event) => {
            checkout.setComments(event.currentTarget.value);
          }}
        />

        <CheckoutRefusal checkout={checkout} />
        {area.kind === 'outside' && !refusal && (
          <OutsideAreaAlert postalCode={area.postalCode} serviceIds={serviceIds} />
        )}
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}

        <Button
          size="md"
          onClick={checkout.confirm}
          disabled={checkout.isConfirmDisabled}
          leftSection={
            isRecurring ? (
              <IconRepeat size={18} aria-hidden="true" />
            ) : (
              <IconCheck size={18} aria-hidden="true" />
            )
          }
          style={{ alignSelf: 'flex-start' }}
        >
          {isBooking
            ? t('checkout.confirming')
            : isRecurring
              ? t('series.offer.confirm')
              : t('checkout.confirm')}
        </Button>
      </Stack>
    </Container>
  );
}
