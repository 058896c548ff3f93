import { MAX_VISIT_MINUTES, profilePlace } from '@eclat/shared';
import { Alert, Anchor, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '@/lib/navigation';

import { SlotChooser } from '@/components/slot-chooser/slot-chooser';
import { useSlotChooser } from '@/components/slot-chooser/use-slot-chooser';
import { LoadErrorAlert } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { formatBusinessDateTime, isPastDate, toZonedIsoDate } from '@/lib/business-time';
import { useSelectedServices } from '@/features/booking/api/get-selected-services';
import {
  appointmentStart,
  readBookingSlot,
  readStateAppointmentDate,
  readStateRefusedReason,
  writeBookingSlot,
  type BookingState,
} from '@/features/booking/booking-selection';
import { NoServicesSelected } from '@/features/booking/components/no-services-selected';
import { describeDuration } from '@/lib/duration';
import {
  readInitialServiceIds,
  writeSelectedServices,
  type ServiceSelectionState,
} from '@/features/services/selection';
import { VerifyEmailBanner } from '@/features/email-verification/components/verify-email-banner';
import { useMyProfile } from '@/features/customers/api/get-my-profile';
import {
  readInitialBookingHome,
  withPlace,
  writeBookingHome,
  type BookingHome,
} from '@/lib/pricing/booking-home';
import { HomeStep } from '@/components/pricing/home-step';
import { homePlace } from '@/lib/pricing/home-place';
import { estimateVisit } from '@/lib/pricing/visit-price';
import { useServiceArea } from '@/lib/api/get-service-area';
import { OutsideAreaAlert } from '@/features/quotes/components/outside-area-alert';
import { useSession } from '@/lib/auth/session';
import { useLanguage } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';

/** Is this instant now or past? (Read when Next is pressed.) */
const hasStarted = (instant: string) => Date.parse(instant) <= Date.now();

/**
 * Spec §2 Select Date & Time, §5: the chosen services, a calendar with past days disabled and the
 * 12 hourly times of the day (business time zone); Next goes to /checkout with the service ids and
 * the slot's start, in navigation state and in the tab's storage (a reload keeps the choice).
 */
export function CalendarSelectRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('calendarSelect');
  const location = useLocation();
  const navigate = useNavigate();
  const locale = useLanguage();

  const [serviceIds] = useState(() => readInitialServiceIds(location.state));
  const [restoredDate] = useState(() => readStateAppointmentDate(location.state) ?? readBookingSlot());
  // Checkout sent the person back because the time was refused (full, no cleaner free...): say why.
  const [refusedReason, setRefusedReason] = useState(() => readStateRefusedReason(location.state));
  // Until a time is picked here, the restored choice (a date alone means 12:00) stands, unless refused.
  const [isRefusedAtOpen] = useState(refusedReason !== null);
  const [openedAt] = useState(() => new Date());
  // "Your home" (decision 025): what the services are priced on; kept for a reload and for checkout.
  const [homeChoice, setHomeChoice] = useState(() => readInitialBookingHome(location.state));
  const [showHomeErrors, setShowHomeErrors] = useState(false);

  const services = useSelectedServices(serviceIds);
  const { email } = useSession();
  const profile = useMyProfile(email);
  const serviceArea = useServiceArea();
  // Issues 16 and 27, decisions 026 and 035: the visit happens at the profile's address or another one
  // typed; with a service area, its postal code says whether we come and the travel surcharge; outside,
  // the quote request instead of the times.
  const prefixes = serviceArea.data?.prefixes;
  const place = homePlace(prefixes, homeChoice.place, profile.data && profilePlace(profile.data));
  const estimate = estimateVisit(services.data ?? [], homeChoice, 0, place.surchargeCents);
  const isOutside = place.check.kind === 'outside';
  const isPlaceReady = place.error === null && !isOutside;
  // The times depend on the visit's length: asked once the home says what the services need.
  const isHomeReady = services.isSuccess && (!estimate.asks || estimate.price !== null) && isPlaceReady;
  const timeZone = useBusinessTimeZone();
  const zone = timeZone.data;
  const today = zone ? toZonedIsoDate(openedAt, zone) : null;
  const restored = restoredDate && zone ? appointmentStart(restoredDate, zone) : null;
  const totalMinutes =
    estimate.price?.minutes ?? services.data?.reduce((sum, service) => sum + service.durationMinutes, 0) ?? 0;
  // Longer than a business day: no time can work (VISIT_TOO_LONG), so the page says so instead of times.
  const isTooLong = totalMinutes > MAX_VISIT_MINUTES;
  const chooser = useSlotChooser({
    today,
    serviceIds,
    choice: estimate.choice,
    enabled: isHomeReady && !isTooLong,
    initial: {
      date: restored && zone ? toZonedIsoDate(new Date(restored), zone) : null,
      selected: isRefusedAtOpen ? null : restored,
    },
    refusedReason,
    onDateChange: () => {
      setRefusedReason(null);
      writeBookingSlot(null);
    },
    onSelect: (startsAt) => {
      setRefusedReason(null);
      // Kept for a reload of this page too.
      writeBookingSlot(startsAt);
    },
  });
  const { date, selected, selectedSlot, error, setError } = chooser;
  const changeHome = (next: BookingHome) => {
    setHomeChoice(next);
    writeBookingHome(next);
    if (error === t('pricing.home.first')) setError(null);
  };

  const goNext = () => {
    if (!isHomeReady) {
      setShowHomeErrors(true);
      setError(t('pricing.home.first'));
      return;
    }
    const chosen = selectedSlot ? selected : null;
    if (!date || !chosen || !today) {
      setError(t('booking.errors.missing'));
      return;
    }
    if (isPastDate(date, today)) {
      setError(t('booking.errors.pastDate'));
      return;
    }
    if (selectedSlot?.reason === 'past' || hasStarted(chosen)) {
      setError(t('booking.errors.pastTime'));
      return;
    }
    if (selectedSlot && !selectedSlot.available) {
      // The reason is already shown under the times.
      return;
    }
    // Checkout books at the place chosen here (the server checks it again).
    const choice: BookingHome = estimate.choice;
    writeSelectedServices(serviceIds);
    writeBookingSlot(chosen);
    writeBookingHome(choice);
    const state: BookingState = { serviceIds, appointmentDate: chosen, ...choice };
    void navigate(paths.checkout.getHref(), { state });
  };

  if (serviceIds.length === 0) {
    return <NoServicesSelected title={title} />;
  }

  const duration = describeDuration(totalMinutes);
  const servicesState: ServiceSelectionState = { serviceIds };

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('booking.intro')}</Text>
        </Stack>
        <VerifyEmailBanner />

        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Group justify="space-between" align="baseline" gap="xs">
              <Title order={2} size="h4">
                {t('booking.selectedServices')}
              </Title>
              <Anchor component={Link} to={paths.services.getHref()} state={servicesState} size="sm">
                {t('booking.changeServices')}
              </Anchor>
            </Group>
            {services.isPending ? (
              <Skeleton height={48} />
            ) : services.isError ? (
              <Alert color="red" role="alert" p="xs">
                {t('booking.errors.services')}
              </Alert>
            ) : (
              <>
                <Text component="ul" m={0} pl="md">
                  {services.data.map((service) => (
                    <li key={service.serviceId}>{service.title}</li>
                  ))}
                </Text>
                {isHomeReady && (
                  <Text size="sm" c="dimmed">
                    {t('booking.totalDuration', { duration: t(duration.key, duration.values) })}
                  </Text>
                )}
              </>
            )}
          </Stack>
        </Paper>

        <HomeStep
          estimate={estimate}
          value={homeChoice}
          onChange={changeHome}
          showAllErrors={showHomeErrors}
          locale={locale}
          place={{
            value: place,
            typed: homeChoice.place,
            ownKey: 'pricing.place.own',
            onChange: (typed) => {
              changeHome(withPlace(homeChoice, typed));
            },
            outside:
              place.check.kind === 'outside' ? (
                <OutsideAreaAlert postalCode={place.check.postalCode} serviceIds={serviceIds} />
              ) : null,
          }}
        />

        {isOutside ? null : isTooLong ? (
          <Alert color="orange" role="alert">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('appointments.errors.visitTooLong')}</Text>
              <Button component={Link} to={paths.services.getHref()} state={servicesState} size="xs">
                {t('checkout.changeServices')}
              </Button>
            </Stack>
          </Alert>
        ) : timeZone.isError ? (
          <LoadErrorAlert message={t('booking.errors.slots')} onRetry={() => void timeZone.refetch()} />
        ) : !today || services.isPending ? (
          // Not the calendar before the services are known: until then it has no month to open on (its
          // "next month" went from nowhere, to 2001).
          <Skeleton height={320} radius="md" />
        ) : services.isSuccess && !isHomeReady ? (
          <Alert color="blue" role={error ? 'alert' : undefined}>
            {t('pricing.home.first')}
          </Alert>
        ) : (
          <SlotChooser chooser={chooser} today={today} />
        )}

        <Group justify="space-between" gap="md">
          <Text role="status" aria-live="polite" fw={600}>
            {selectedSlot?.available && zone
              ? t('booking.selectedSummary', {
                  dateTime: formatBusinessDateTime(selectedSlot.startsAt, zone, locale),
                })
              : ''}
          </Text>
          {!isTooLong && !isOutside && (
            <Button onClick={goNext} rightSection={<IconArrowRight size={18} aria-hidden="true" />}>
              {t('booking.next')}
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
