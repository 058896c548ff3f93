import type { ErrorCode, ErrorDetail, SlotReason } from '@eclat/shared';

/**
 * What the page offers after a refused booking: another time, other services, the list of visits, or a
 * quote request (an address outside the service area, issue 16).
 */
export type RefusalAction = 'time' | 'services' | 'appointments' | 'quote';

/**
 * A refused booking as the checkout shows it: the translated reason (a key), the way back and, when
 * the time itself cannot be booked, why (the calendar says it again when it opens for another time).
 */
export type BookingRefusal = { messageKey: string; action: RefusalAction; slotReason: SlotReason | null };

/** Field details of a 400 that another time (same services) solves, and the slot reason each one is. */
const TIME_DETAILS = new Map<string, SlotReason | null>([
  ['appointments.errors.pastTime', 'past'],
  ['appointments.errors.slot', null],
  ['appointments.errors.endsAfterClosing', 'closing'],
  ['appointments.errors.beyondHorizon', 'horizon'],
  ['appointments.errors.notice', 'notice'],
]);

/**
 * The booking rules the server enforces (decisions 012, 019), turned into a message and a next step
 * instead of a dead end; `null` for any other failure (the generic message).
 */
export function toBookingRefusal(error: {
  code: ErrorCode;
  details: readonly ErrorDetail[];
}): BookingRefusal | null {
  switch (error.code) {
    case 'SLOT_FULL':
      return { messageKey: 'checkout.errors.slotFull', action: 'time', slotReason: 'full' };
    case 'NO_CLEANER_FREE':
      return { messageKey: 'errors.NO_CLEANER_FREE', action: 'time', slotReason: 'noCleaner' };
    case 'VISITS_OVERLAP':
      return { messageKey: 'errors.VISITS_OVERLAP', action: 'time', slotReason: null };
    case 'VISIT_TOO_LONG':
      return { messageKey: 'appointments.errors.visitTooLong', action: 'services', slotReason: null };
    case 'TOO_MANY_OPEN_VISITS':
      return { messageKey: 'errors.TOO_MANY_OPEN_VISITS', action: 'appointments', slotReason: null };
    case 'OUTSIDE_SERVICE_AREA':
      return { messageKey: 'errors.OUTSIDE_SERVICE_AREA', action: 'quote', slotReason: null };
    case 'VALIDATION_ERROR': {
      const detail = error.details.find((item) => TIME_DETAILS.has(item.message));
      return detail
        ? { messageKey: detail.message, action: 'time', slotReason: TIME_DETAILS.get(detail.message) ?? null }
        : null;
    }
    default:
      return null;
  }
}
