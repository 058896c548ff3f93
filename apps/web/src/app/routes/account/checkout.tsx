import { discountFor, profilePlace, type Frequency, type SeriesDetail, type SlotReason } from '@eclat/shared';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconCheck, IconRepeat } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '@/lib/navigation';

import { LoadErrorAlert } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useBookAppointment } from '@/features/booking/api/book-appointment';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import type { MyAppointmentsState } from '@/lib/appointment-list';
import { formatBusinessDate, formatBusinessTime } from '@/lib/business-time';
import { useSelectedServices } from '@/features/booking/api/get-selected-services';
import {
  appointmentStart,
  createIdempotencyKey,
  readBookingSlot,
  readStateAppointmentDate,
  writeBookingSlot,
  type BookingState,
} from '@/features/booking/booking-selection';
import { NoServicesSelected } from '@/features/booking/components/no-services-selected';
import { toBookingRefusal, type BookingRefusal } from '@/lib/booking-refusal';
import { useMyProfile } from '@/features/customers/api/get-my-profile';
import { profileSetupHref } from '@/features/customers/profile-return';
import { useServiceArea } from '@/lib/api/get-service-area';
import { OutsideAreaAlert } from '@/features/quotes/components/outside-area-alert';
import { requestQuoteHref } from '@/features/quotes/links';
import { useBookSeries } from '@/features/series/api/book-series';
import { useRecurringDiscounts } from '@/features/series/api/get-recurring-discounts';
import { BookedSeries } from '@/features/series/components/booked-series';
import { FrequencyChoice } from '@/features/series/components/frequency-choice';
import { SeriesOffer } from '@/features/series/components/series-offer';
import { readInitialServiceIds, writeSelectedServices } from '@/features/services/selection';
import { VerifyEmailBanner } from '@/features/email-verification/components/verify-email-banner';
import { readInitialBookingHome, writeBookingHome } from '@/lib/pricing/booking-home';
import { homePlace } from '@/lib/pricing/home-place';
import { PriceBreakdown } from '@/components/pricing/price-breakdown';
import { estimateVisit } from '@/lib/pricing/visit-price';
import {
  EMAIL_UNVERIFIED_NOTE_ID,
  useIsEmailUnverified,
} from '@/features/email-verification/use-is-email-unverified';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { i18n, useLanguage } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';

/** /profile, coming back here after the first save. */
const CREATE_PROFILE_HREF = profileSetupHref(paths.checkout.getHref());

/**
 * Spec §2 Checkout, §5, §8: the services with prices and total, the date and time (business time
 * zone), the name and address from the profile, comments, and Confirm Appointment. One
 * Idempotency-Key per visit, reused on every retry, so a double click or a retry books once.
 */
export function CheckoutRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('checkout');
  const location = useLocation();
  const navigate = useNavigate();
  const locale = useLanguage();
  const { email } = useSession();

  const [serviceIds] = useState(() => readInitialServiceIds(location.state));
  const [chosenDate] = useState(() => readStateAppointmentDate(location.state) ?? readBookingSlot());
  // "Your home" (decision 025): the price below and the booking read it; the server prices it again.
  const [homeChoice] = useState(() => readInitialBookingHome(location.state));
  const [idempotencyKey] = useState(createIdempotencyKey);
  const [comments, setComments] = useState('');
  // Decision 020: once (the spec's booking, unchanged) or a recurring cleaning.
  const [frequency, setFrequency] = useState<Frequency>('once');
  const [bookedSeries, setBookedSeries] = useState<SeriesDetail | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<BookingRefusal | null>(null);
  const isSubmitting = useRef(false);
  const refusalRef = useRef<HTMLDivElement>(null);
  const isUnverified = useIsEmailUnverified();

  const profile = useMyProfile(email);
  const services = useSelectedServices(serviceIds);
  const timeZone = useBusinessTimeZone();
  const book = useBookAppointment();
  const bookSeries = useBookSeries();
  const discounts = useRecurringDiscounts();
  const serviceArea = useServiceArea();
  // Issues 16 and 27: the place chosen in "Your home" (another address), else the profile's. Outside the
  // service area, no online booking (a quote request is offered); inside, its travel surcharge is in the
  // price (decisions 026 and 035).
  const place = homePlace(
    serviceArea.data?.prefixes,
    homeChoice.place,
    profile.data && profilePlace(profile.data),
  );
  const area = place.check;
  const isOutside = area.kind === 'outside';
  const isRecurring = frequency !== 'once';
  const isBooking = book.isPending || bookSeries.isPending;
  const zone = timeZone.data;
  // Spec §5, §9: a date chosen without a time is booked at 12:00 (business time zone).
  const appointmentDate = chosenDate && zone ? appointmentStart(chosenDate, zone) : chosenDate;

  // A refusal disables Confirm, which had focus: focus goes on to the refusal's way back.
  useEffect(() => {
    if (refusal) refusalRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [refusal]);

  if (bookedSeries) {
    return (
      <Container size="md" py={{ base: 'xl', sm: 48 }}>
        <Stack gap="lg">
          <Title order={1}>{title}</Title>
          <BookedSeries series={bookedSeries} locale={locale} />
        </Stack>
      </Container>
    );
  }

  if (serviceIds.length === 0) {
    return <NoServicesSelected title={title} />;
  }

  const backToCalendar = (refusedReason: SlotReason | null) => {
    const state: BookingState = {
      serviceIds,
      appointmentDate,
      ...homeChoice,
      ...(refusedReason && { refusedReason }),
    };
    void navigate(paths.calendarSelect.getHref(), { state });
  };

  // Base, extras, (surcharge,) the frequency discount of the visit booked now, and the total, with the
  // server's own function; the series' offer reads the full price.
  const full = estimateVisit(services.data ?? [], homeChoice, 0, place.surchargeCents);
  const firstDiscount = isRecurring && discounts.data ? discountFor(frequency, discounts.data, true) : 0;
  const estimate =
    firstDiscount > 0
      ? estimateVisit(services.data ?? [], homeChoice, firstDiscount, place.surchargeCents)
      : full;
  const total = (full.price?.totalCents ?? 0) / 100;
  // Services priced on request are not in the total: the page says so rather than show it as final.
  const quotedCount =
    estimate.price?.lines.filter((line) => line.kind === 'service' && line.cents === 0).length ?? 0;
  const needsHome = services.isSuccess && estimate.price === null;

  const confirm = () => {
    if (isSubmitting.current || isBooking || isOutside) return;
    if (!appointmentDate) {
      setFormError(t('checkout.errors.noDate'));
      return;
    }
    if (!zone) {
      // The business time zone did not load: the date and time cannot be booked yet (Retry above).
      setFormError(t('booking.errors.slots'));
      if (timeZone.isError) void timeZone.refetch();
      return;
    }
    const customer = profile.data;
    if (!customer || customer.firstName.trim() === '' || customer.lastName.trim() === '') {
      setFormError(t('checkout.errors.invalidDetails'));
      return;
    }
    if (!services.isSuccess) {
      setFormError(t('checkout.errors.services'));
      return;
    }
    if (needsHome) {
      setFormError(t('pricing.home.first'));
      return;
    }
    if (place.error) {
      // Another address, not complete: never booked at the profile's in its place.
      setFormError(t(place.error));
      return;
    }
    setFormError(null);
    setRefusal(null);
    isSubmitting.current = true;
    const input = {
      serviceIds,
      home: estimate.choice.home,
      extraIds: estimate.choice.extraIds,
      // Where the visit happens and the price above was computed: another address typed, else the
      // server reads the profile's.
      ...(place.send && { place: place.send }),
      appointmentDate,
      comments: comments.trim() || null,
      locale,
    };
    const onError = (error: Error) => {
      isSubmitting.current = false;
      // A booking rule said no: its reason and the way back (another time, other services, my list).
      const refused = isApiError(error) ? toBookingRefusal(error) : null;
      if (refused) {
        setRefusal(refused);
        return;
      }
      const detail = isApiError(error) && error.status === 400 ? error.details[0]?.message : undefined;
      setFormError(detail && i18n.exists(detail) ? t(detail) : t('checkout.errors.create'));
    };
    if (frequency !== 'once') {
      // The first visit is booked like a one-off one; the page then lists every visit planned.
      bookSeries.mutate(
        { customerId: customer.customerId, input: { ...input, frequency }, idempotencyKey },
        {
          onSuccess: (series) => {
            writeSelectedServices([]);
            writeBookingSlot(null);
            writeBookingHome(null);
            setBookedSeries(series);
          },
          onError,
        },
      );
      return;
    }
    book.mutate(
      {
        customerId: customer.customerId,
        input,
        idempotencyKey,
      },
      {
        onSuccess: (appointment) => {
          writeSelectedServices([]);
          writeBookingSlot(null);
          writeBookingHome(null);
          const state: MyAppointmentsState = {
            fresh: { appointment, receivedAt: Date.now() },
            isBooked: true,
          };
          void navigate(paths.myAppointments.getHref(), { state, replace: true });
        },
        onError,
      },
    );
  };

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

  let details;
  if (profile.isPending) {
    details = <Skeleton height={120} />;
  } else if (profile.isError) {
    details = (
      <Alert color="red" role="alert" p="sm">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('checkout.errors.customer')}</Text>
          <Button size="xs" variant="default" onClick={() => void profile.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!profile.data) {
    details = (
      <Alert color="blue" title={t('checkout.noProfile.title')} p="sm">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('checkout.noProfile.text')}</Text>
          {isUnverified ? (
            // A profile cannot be saved before the email is confirmed: the way there waits for it.
            <>
              <Text id={EMAIL_UNVERIFIED_NOTE_ID} size="sm">
                {t('errors.EMAIL_NOT_VERIFIED')}
              </Text>
              <Button size="xs" disabled aria-describedby={EMAIL_UNVERIFIED_NOTE_ID}>
                {t('checkout.noProfile.create')}
              </Button>
            </>
          ) : (
            <Button component={Link} to={CREATE_PROFILE_HREF} size="xs">
              {t('checkout.noProfile.create')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  } else {
    details = (
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('checkout.firstName')}
            value={profile.data.firstName}
            readOnly
            variant="filled"
          />
          <TextInput label={t('checkout.lastName')} value={profile.data.lastName} readOnly variant="filled" />
        </SimpleGrid>
        <div>
          <Text size="sm" fw={700}>
            {t('checkout.address')}
          </Text>
          <Text data-testid="checkout-address">{place.line ?? '—'}</Text>
        </div>
        <Anchor component={Link} to={CREATE_PROFILE_HREF} size="sm">
          {t('checkout.editProfile')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('checkout.intro')}</Text>
        </Stack>
        <VerifyEmailBanner />

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('checkout.servicesHeading')}
            </Title>
            {services.isPending ? (
              <Skeleton height={72} />
            ) : services.isError ? (
              <Alert color="red" role="alert" p="sm">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t('checkout.errors.services')}</Text>
                  <Button size="xs" variant="default" onClick={() => void services.refetch()}>
                    {t('common.retry')}
                  </Button>
                </Stack>
              </Alert>
            ) : (
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
            )}
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
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
            {when}
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('series.offer.heading')}
            </Title>
            <FrequencyChoice
              value={frequency}
              onChange={(next) => {
                setFrequency(next);
                setRefusal(null);
                setFormError(null);
              }}
              discounts={discounts.data}
              disabled={isBooking}
            />
            {isRecurring &&
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
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('checkout.detailsHeading')}
            </Title>
            {details}
          </Stack>
        </Paper>

        <Textarea
          label={t('checkout.comments')}
          placeholder={t('checkout.commentsPlaceholder')}
          autosize
          minRows={3}
          maxLength={1000}
          value={comments}
          onChange={(event) => {
            setComments(event.currentTarget.value);
          }}
        />

        {refusal && (
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
        )}
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
          onClick={confirm}
          disabled={
            isBooking ||
            refusal !== null ||
            isOutside ||
            (isRecurring && !discounts.data) ||
            // Not before what a booking needs has loaded: a click then said the times could not load.
            timeZone.isLoading ||
            profile.isLoading ||
            services.isLoading
          }
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
