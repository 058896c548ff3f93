/**
 * The lengths of what people write (issue 27, decision 034): one figure per kind of text, used by every
 * write schema that accepts it (whichever route) and by the web forms' `maxLength`. Counts of a home are
 * `HOME_LIMITS` (pricing.ts), used by bookings, series and quotes alike. A read schema never repeats a
 * limit: it says what is stored (decision 034), so a limit made smaller later never hides a stored row.
 */
export const TEXT_LIMITS = {
  /** A first or last name (customers, employees, profiles). */
  personName: 100,
  /** An email address (RFC 5321's longest path). */
  email: 254,
  companyName: 120,
  /** A service's title. */
  serviceTitle: 120,
  /** A street address ("123 Main Street"). */
  address: 200,
  /** The city of a visit's address (issue 27, decision 035). */
  city: 100,
  /** A customer's comments on a visit (bookings, series, quote acceptances, the admin's form). */
  comments: 1000,
  /** What a quote request is about, and a service's description. */
  description: 2000,
  /** The admin's message with a quote's answer. */
  quoteMessage: 2000,
  /** The reason or note of a visit's step (issue 30): "could not get in", an office's correction. */
  stepNote: 500,
  /** One item of a service's checklist, in one language (issue 30 §3). */
  checklistItem: 200,
  /** The cleaner's note on a checklist item left unticked (issue 30 §3). */
  checklistNote: 500,
} as const;

/** The services one visit (or one quote request) may name. */
export const MAX_SERVICES_PER_VISIT = 10;

/**
 * The longest "what" of a quote request's email to the business: the services' titles, then the
 * description. Derived, so a longer title or description never makes the request's email refuse it.
 */
export const QUOTE_WHAT_MAX_LENGTH =
  MAX_SERVICES_PER_VISIT * (TEXT_LIMITS.serviceTitle + 2) + 2 + TEXT_LIMITS.description;
