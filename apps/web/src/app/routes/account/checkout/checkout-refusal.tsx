import { Alert, Button, Stack, Text } from '@mantine/core';

import { paths } from '@/config/paths';
import { requestQuoteHref } from '@/features/quotes/links';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import type { Checkout } from './use-checkout';

/** A booking rule of the server said no: its reason and the way back (another time, other services...). */
export function CheckoutRefusal({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation();
  const { refusal, refusalRef, serviceIds, place, backToCalendar } = checkout;
  if (!refusal) return null;
  return (
    <Alert color="orange" role="alert" data-testid="booking-refusal" ref={refusalRef}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(refusal.messageKey)}</Text>
        {refusal.action === 'time' && (
          <Button
            size="xs"
            onClick={() => {
              backToCalendar(refusal.slotReason);
            }}
          >
            {t('checkout.chooseAnotherTime')}
          </Button>
        )}
        {refusal.action === 'services' && (
          <Button component={Link} to={paths.services.getHref()} state={{ serviceIds }} size="xs">
            {t('checkout.changeServices')}
          </Button>
        )}
        {refusal.action === 'quote' && (
          <Button
            component={Link}
            to={requestQuoteHref({ serviceIds, postalCode: place.postalCode })}
            size="xs"
          >
            {t('quotes.outside.request')}
          </Button>
        )}
        {refusal.action === 'appointments' && (
          <Button component={Link} to={paths.myAppointments.getHref()} size="xs">
            {t('checkout.seeMyAppointments')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
