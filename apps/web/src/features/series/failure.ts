import type { ErrorCode, ErrorDetail } from '@eclat/shared';

import { toBookingRefusal } from '@/lib/booking-refusal';

/**
 * Why booking or changing a series was refused, as a translation key: the booking rules' reason (the
 * new first visit is checked like a booking: full, no cleaner free, overlap, too long...), a field's
 * message, else the code's `errors.<CODE>` (SERIES_CANCELLED, FORBIDDEN...).
 */
export function seriesFailureKey(error: { code: ErrorCode; details: readonly ErrorDetail[] }): string {
  const refusal = toBookingRefusal(error);
  if (refusal) return refusal.messageKey;
  const detail = error.code === 'VALIDATION_ERROR' ? error.details[0]?.message : undefined;
  return detail ?? `errors.${error.code}`;
}
