import { z } from './zod.ts';

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
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorDetailSchema = z.object({
  /** Dotted path of the offending field, e.g. `body.title` or `query.page`. */
  path: z.string(),
  /** A translation key or short English text describing the rule that failed. */
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorBodySchema = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
  })
  .meta({ id: 'Error', description: 'The one error shape of every endpoint.' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
