import type { ErrorCode, ErrorDetail } from '@eclat/shared';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SLOT_FULL: 409,
  NO_CLEANER_FREE: 409,
  AVAILABILITY_HAS_JOBS: 409,
  EMAIL_NOT_VERIFIED: 403,
  VISIT_TOO_LONG: 400,
  VISITS_OVERLAP: 409,
  TOO_MANY_OPEN_VISITS: 409,
  APPOINTMENT_CLOSED: 409,
  TOO_LATE_TO_CHANGE: 409,
  SERIES_CANCELLED: 409,
  OUTSIDE_SERVICE_AREA: 409,
  QUOTE_CLOSED: 409,
  PAYMENTS_OFF: 404,
  PAYMENT_ABOVE_OWED: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  REFUND_ABOVE_REFUNDABLE: 409,
  TIP_NOT_COMPLETED: 409,
  FEE_NOT_CANCELLED: 409,
  LOCKOUT_CANCELLED: 409,
  LOCKOUT_BEFORE_VISIT: 409,
  NO_CARD_ON_FILE: 409,
  CARD_DECLINED: 402,
  CARD_REQUIRED: 409,
  STEP_BACKWARDS: 409,
  NOT_YOUR_VISIT: 403,
  STEP_TOO_EARLY: 409,
  TOO_MANY_PHOTOS: 409,
  CHECKLIST_INCOMPLETE: 409,
  NOTHING_TO_CONFIRM: 409,
  ACCESS_NOTES_CLOSED: 403,
  BANK_CONFIRMATION_NEEDED: 402,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  CARD_CHARGE_PENDING: 503,
  INTERNAL_ERROR: 500,
};

/** An error the client is meant to see: a stable code, an HTTP status and an English message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: ErrorDetail[] | undefined;

  constructor(code: ErrorCode, message: string, details?: ErrorDetail[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = STATUS_BY_CODE[code];
    this.details = details;
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found.`);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError('FORBIDDEN', message);
