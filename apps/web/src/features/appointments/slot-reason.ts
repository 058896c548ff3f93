import type { Locale, Slots } from '@eclat/shared';

import { formatCalendarDay } from './time';

/** Why `/slots` says a time cannot be booked. */
export type SlotReason = NonNullable<Slots['slots'][number]['reason']>;

export type SlotReasonMessage = {
  key:
    | 'booking.errors.pastTime'
    | 'booking.errors.full'
    | 'booking.errors.closing'
    | 'booking.errors.notice'
    | 'booking.errors.tooSoon'
    | 'booking.errors.closed'
    | 'booking.errors.noCleaner'
    | 'booking.errors.horizon'
    | 'appointments.errors.beyondHorizon';
  /** The message's values (the horizon's `date`). */
  values: Record<string, string>;
};

/**
 * The message shown under the times when the chosen one cannot be booked, for its reason: one table
 * for the booking and the edit pages. The horizon's names the last bookable day (YYYY-MM-DD) when it
 * is known, else says the date is too far.
 */
export function slotReasonMessage(
  reason: SlotReason,
  bookableUntil: string | undefined,
  locale: Locale,
  /** The minimum notice (`/slots` gives it), named in the `notice` message. */
  noticeHours?: number,
): SlotReasonMessage {
  switch (reason) {
    case 'past':
      return { key: 'booking.errors.pastTime', values: {} };
    case 'full':
      return { key: 'booking.errors.full', values: {} };
    case 'closing':
      return { key: 'booking.errors.closing', values: {} };
    case 'notice':
      return noticeHours === undefined
        ? { key: 'booking.errors.tooSoon', values: {} }
        : { key: 'booking.errors.notice', values: { hours: String(noticeHours) } };
    case 'closed':
      return { key: 'booking.errors.closed', values: {} };
    case 'noCleaner':
      return { key: 'booking.errors.noCleaner', values: {} };
    case 'horizon':
      return bookableUntil
        ? { key: 'booking.errors.horizon', values: { date: formatCalendarDay(bookableUntil, locale) } }
        : { key: 'appointments.errors.beyondHorizon', values: {} };
  }
}
