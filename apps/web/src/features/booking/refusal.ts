import type { ErrorCode, ErrorDetail } from '@eclat/shared';

/** What the page offers after a refused booking: another time, other services, or the list of visits. */
export type RefusalAction = 'time' | 'services' | 'appointments';

/** A refused booking as the checkout shows it: the translated reason (a key) and the way back. */
export type BookingRefusal = { messageKey: string; action: RefusalAction; isSlotFull: boolean };

/** Field details of a 400 that another time (same services) solves. */
const TIME_DETAILS = new Set([
  'appointments.errors.pastTime',
  'appointments.errors.slot',
  'appointments.errors.endsAfterClosing',
  'appointments.errors.beyondHorizon',
]);

/**
 * The booking rules the server enforces (decision 012), turned into a message and a next step instead
 * of a dead end; `null` for any other failure (the generic message).
 */
export function toBookingRefusal(error: {
  code: ErrorCode;
  details: readonly ErrorDetail[];
}): BookingRefusal | null {
  switch (error.code) {
    case 'SLOT_FULL':
      return { messageKey: 'checkout.errors.slotFull', action: 'time', isSlotFull: true };
    case 'VISITS_OVERLAP':
      return { messageKey: 'errors.VISITS_OVERLAP', action: 'time', isSlotFull: false };
    case 'VISIT_TOO_LONG':
      return { messageKey: 'appointments.errors.visitTooLong', action: 'services', isSlotFull: false };
    case 'TOO_MANY_OPEN_VISITS':
      return { messageKey: 'errors.TOO_MANY_OPEN_VISITS', action: 'appointments', isSlotFull: false };
    case 'VALIDATION_ERROR': {
      const detail = error.details.find((item) => TIME_DETAILS.has(item.message));
      return detail ? { messageKey: detail.message, action: 'time', isSlotFull: false } : null;
    }
    default:
      return null;
  }
}
