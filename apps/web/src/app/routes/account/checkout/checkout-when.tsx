import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';

import { LoadErrorAlert } from '@/components/ui/query-states';
import { formatBusinessDate, formatBusinessTime } from '@/lib/business-time';
import { useTranslation } from '@/lib/i18n';

import { CheckoutSection } from './checkout-section';
import type { Checkout } from './use-checkout';

/** When: the date and time chosen (business time zone), and the way back to change them. */
export function CheckoutWhen({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation();
  const { appointmentDate, timeZone, zone, locale, backToCalendar } = checkout;

  let when;
  if (!appointmentDate) {
    when = (
      <Alert color="red" role="alert" p="sm">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('checkout.errors.noDate')}</Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              backToCalendar(null);
            }}
          >
            {t('checkout.noDateAction')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (timeZone.isError) {
    when = <LoadErrorAlert message={t('booking.errors.slots')} onRetry={() => void timeZone.refetch()} />;
  } else if (!zone) {
    when = <Skeleton height={44} />;
  } else {
    when = (
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconCalendarEvent size={22} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
        <div>
          <Text fw={700} data-testid="checkout-date">
            {formatBusinessDate(appointmentDate, zone, locale)}
          </Text>
          <Text size="lg" fw={700} data-testid="checkout-time">
            {formatBusinessTime(appointmentDate, zone, locale)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('booking.timeZoneNote', { timeZone: zone })}
          </Text>
        </div>
      </Group>
    );
  }

  return (
    <CheckoutSection
      heading={
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4">
            {t('checkout.whenHeading')}
          </Title>
          {appointmentDate && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                backToCalendar(null);
              }}
            >
              {t('checkout.changeDate')}
            </Anchor>
          )}
        </Group>
      }
    >
      {when}
    </CheckoutSection>
  );
}
