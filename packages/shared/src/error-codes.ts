// Apart from the schemas (errors.ts): the web app's first visit reads the codes without loading zod.

/**
 * Stable error codes of the API. The web app maps each code to a translated message
 * (`errors.<CODE>` in the catalogues); the English `message` in a response is for developers and logs.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'SLOT_FULL',
  /** No cleaner is free for the whole visit at that time (decision 019). */
  'NO_CLEANER_FREE',
  /** An availability still has jobs in it: delete it with `?jobs=unassign` to leave them to the admin. */
  'AVAILABILITY_HAS_JOBS',
  /** The account's email is not verified yet: it cannot book or leave feedback (a "resend" is offered). */
  'EMAIL_NOT_VERIFIED',
  /** A visit's total duration does not fit inside one business day's opening hours. */
  'VISIT_TOO_LONG',
  /** The customer already has a visit at an overlapping time (a household gets one team at a time). */
  'VISITS_OVERLAP',
  /** The customer already holds the most future visits allowed (`MAX_OPEN_VISITS`). */
  'TOO_MANY_OPEN_VISITS',
  /** The appointment is completed or in the past: its customer can no longer change or cancel it. */
  'APPOINTMENT_CLOSED',
  /** The visit starts within `CHANGE_CUTOFF_HOURS`: its customer calls the office to move or cancel it. */
  'TOO_LATE_TO_CHANGE',
  /** The recurring series is cancelled: it can no longer be changed, paused or resumed. */
  'SERIES_CANCELLED',
  /** The postal code of an online booking is outside the service area: a quote request is offered instead. */
  'OUTSIDE_SERVICE_AREA',
  /** The quote was already accepted, declined or has expired, or has no answer yet: it cannot be decided. */
  'QUOTE_CLOSED',
  /** Payments are off (`PAYMENTS=off`): the payment routes do not exist. */
  'PAYMENTS_OFF',
  /** A payment larger than what the visit still owes (a tip is not limited). */
  'PAYMENT_ABOVE_OWED',
  'IDEMPOTENCY_KEY_REUSED',
  /** A refund larger than what was paid and not yet given back. */
  'REFUND_ABOVE_REFUNDABLE',
  /** A tip on a visit that is not completed (cancelled, or still to come). */
  'TIP_NOT_COMPLETED',
  /** A late-cancellation fee on a visit that is not cancelled. */
  'FEE_NOT_CANCELLED',
  /** A lockout fee on a cancelled visit. */
  'LOCKOUT_CANCELLED',
  /** A lockout fee on a visit whose time has not come. */
  'LOCKOUT_BEFORE_VISIT',
  /** A charge by card for a customer who keeps no card on file (decision 057). */
  'NO_CARD_ON_FILE',
  /** The card was declined, or the bank asks the customer to confirm: nothing was charged. */
  'CARD_DECLINED',
  /** PAYMENTS=stripe: a customer's own booking needs a card kept on file first (decision 056). */
  'CARD_REQUIRED',
  /** A visit's step that is not after its current one (issue 30): only the office corrects, with a note. */
  'STEP_BACKWARDS',
  /** A visit's step by an employee who is not on that visit (issue 30). */
  'NOT_YOUR_VISIT',
  /** A visit's step before the visit's business day (issue 30, decision 063): only the office corrects. */
  'STEP_TOO_EARLY',
  /** A visit already has the most photos of that kind (issue 30 §4, decision 068). */
  'TOO_MANY_PHOTOS',
  /** The cleaner's "completed" while a checklist item is neither ticked nor noted (issue 30 §3). */
  'CHECKLIST_INCOMPLETE',
  /** PAYMENTS=stripe: no payment of this visit waits for the customer's confirmation (decision 060). */
  'NOTHING_TO_CONFIRM',
  /** A visit's access notes outside its window: from the day before the visit until its end (decision 065). */
  'ACCESS_NOTES_CLOSED',
  /** PAYMENTS=stripe: the customer's bank wants them to confirm this tip on the hosted page (decision 060). */
  'BANK_CONFIRMATION_NEEDED',
  /**
   * PAYMENTS=stripe: Stripe did not answer a tip's or a fee's charge in time; the charge is kept with its key
   * and made by the holds pass shortly (decision 061): not to be sent again.
   */
  'CARD_CHARGE_PENDING',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
