import { discountFor, profilePlace, type Frequency, type SeriesDetail, type SlotReason } from '@eclat/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { useBookAppointment } from '@/features/booking/api/book-appointment';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import type { MyAppointmentsState } from '@/lib/appointment-list';
import { useSelectedServices } from '@/features/booking/api/get-selected-services';
import {
  appointmentStart,
  createIdempotencyKey,
  readBookingSlot,
  readStateAppointmentDate,
  writeBookingSlot,
  type BookingState,
} from '@/features/booking/booking-selection';
import { toBookingRefusal, type BookingRefusal } from '@/lib/booking-refusal';
import { useMyProfile } from '@/features/customers/api/get-my-profile';
import { readInitialBookingHome, writeBookingHome } from '@/lib/pricing/booking-home';
import { homePlace } from '@/lib/pricing/home-place';
import { estimateVisit } from '@/lib/pricing/visit-price';
import { useServiceArea } from '@/lib/api/get-service-area';
import { useBookSeries } from '@/features/series/api/book-series';
import { useRecurringDiscounts } from '@/features/series/api/get-recurring-discounts';
import { readInitialServiceIds, writeSelectedServices } from '@/features/services/selection';
import { isApiError } from '@/lib/api-client';
import { usePaymentsShown } from '@/lib/api/get-payments-policy';
import { useCardOnFile } from '@/features/payments/api/card-on-file';
import { clearCardReturn, readCheckoutReturn } from '@/features/payments/card-return';
import { useSession } from '@/lib/auth/session';
import { i18n, useLanguage, useTranslation } from '@/lib/i18n';

/** Everything the checkout page shows and does, read by its sections. */
export type Checkout = ReturnType<typeof useCheckout>;

/**
 * Checkout's state, rules and submit (spec §2 Checkout, §5, §8): what the navigation state and the
 * tab's storage carry (services, date, home), what loads (profile, services, time zone, discounts,
 * service area), the price, the refusals before sending, and the booking (one visit or a series). One
 * Idempotency-Key per visit, reused on every retry, so a double click or a retry books once.
 */
export function useCheckout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const locale = useLanguage();
  const { email } = useSession();

  const [serviceIds] = useState(() => readInitialServiceIds(location.state));
  const [chosenDate] = useState(() => readStateAppointmentDate(location.state) ?? readBookingSlot());
  // "Your home" (decision 025): the price below and the booking read it; the server prices it again.
  const [homeChoice] = useState(() => readInitialBookingHome(location.state));
  const [idempotencyKey] = useState(createIdempotencyKey);
  // Back from the card page (PAYMENTS=stripe, decision 056): the form as the customer left it.
  const [restored] = useState(readCheckoutReturn);
  const [comments, setComments] = useState(restored?.comments ?? '');
  // Decision 020: once (the spec's booking, unchanged) or a recurring cleaning.
  const [frequency, setFrequency] = useState<Frequency>(restored?.frequency ?? 'once');
  const [bookedSeries, setBookedSeries] = useState<SeriesDetail | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<BookingRefusal | null>(null);
  const isSubmitting = useRef(false);
  const refusalRef = useRef<HTMLDivElement>(null);

  const profile = useMyProfile(email);
  const services = useSelectedServices(serviceIds);
  const timeZone = useBusinessTimeZone();
  const book = useBookAppointment();
  const bookSeries = useBookSeries();
  const discounts = useRecurringDiscounts();
  const serviceArea = useServiceArea();
  // PAYMENTS=stripe (decision 056): a card kept on file before Confirm; the server refuses without one.
  const isStripe = usePaymentsShown().mode === 'stripe';
  const card = useCardOnFile({ enabled: isStripe && Boolean(profile.data) });
  const needsCard = isStripe && Boolean(profile.data) && !card.data;
  useEffect(() => {
    clearCardReturn();
  }, []);
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

  const changeFrequency = (next: Frequency) => {
    setFrequency(next);
    setRefusal(null);
    setFormError(null);
  };

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
    if (needsCard) {
      setFormError(t('errors.CARD_REQUIRED'));
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
      if (isApiError(error) && error.code === 'CARD_REQUIRED') {
        // The card was removed meanwhile (another tab): the card section asks for one again.
        void card.refetch();
        setFormError(t('errors.CARD_REQUIRED'));
        return;
      }
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

  return {
    locale,
    serviceIds,
    appointmentDate,
    comments,
    setComments,
    frequency,
    changeFrequency,
    isRecurring,
    bookedSeries,
    formError,
    refusal,
    refusalRef,
    profile,
    services,
    timeZone,
    zone,
    discounts,
    place,
    area,
    isOutside,
    isBooking,
    estimate,
    total,
    quotedCount,
    backToCalendar,
    confirm,
    isStripe,
    card,
    needsCard,
    /** Not before what a booking needs has loaded: a click then said the times could not load. */
    isConfirmDisabled:
      isBooking ||
      refusal !== null ||
      isOutside ||
      (isRecurring && !discounts.data) ||
      timeZone.isLoading ||
      profile.isLoading ||
      needsCard ||
      services.isLoading,
  };
}
