import type { Locale, Slots } from '@eclat/shared';

import { formatCalendarDay } from '../business-time';

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

/** How a time and a day without a free place are named: its short text, its button's name, the day's. */
type SlotReasonTexts = { short: string; label: string; day: string };

/** One table of the reasons' texts for the times' buttons and the calendar's marked days. */
const SLOT_REASON_TEXTS: Record<SlotReason, SlotReasonTexts> = {
  past: { short: 'booking.slot.past', label: 'booking.slot.pastLabel', day: 'booking.days.past' },
  notice: { short: 'booking.slot.notice', label: 'booking.slot.noticeLabel', day: 'booking.days.notice' },
  horizon: { short: 'booking.slot.horizon', label: 'booking.slot.horizonLabel', day: 'booking.days.horizon' },
  closing: { short: 'booking.slot.closing', label: 'booking.slot.closingLabel', day: 'booking.days.closing' },
  closed: { short: 'booking.slot.closed', label: 'booking.slot.closedLabel', day: 'booking.days.closed' },
  noCleaner: {
    short: 'booking.slot.noCleaner',
    label: 'booking.slot.noCleanerLabel',
    day: 'booking.days.noCleaner',
  },
  full: { short: 'booking.slot.full', label: 'booking.slot.fullLabel', day: 'booking.days.full' },
};

/**
 * The keys naming a reason: `short` on the time's button ("No cleaner free"), `label` its accessible
 * name, which starts with the time and the short text (`{{time}}`), and `day` beside a marked day.
 */
export function slotReasonTexts(reason: SlotReason): SlotReasonTexts {
  return SLOT_REASON_TEXTS[reason];
}

/** The order of a marked month's legend: first what the team decides, then the booking window. */
export const DAY_LEGEND_ORDER: readonly SlotReason[] = [
  'closed',
  'noCleaner',
  'full',
  'notice',
  'closing',
  'horizon',
  'past',
];

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
