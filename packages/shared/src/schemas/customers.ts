import { z } from '../zod.ts';
import { TEXT_LIMITS } from '../limits.ts';
import { personSearchQuerySchema } from './primitives.ts';
import { optionalPostalCodeSchema } from './service-area.ts';

/** ddd-ddd-dddd (spec §5). */
export const PHONE_PATTERN = /^\d{3}-\d{3}-\d{4}$/;
/** Digits, a space, then letters and spaces: "123 Main Street" (spec §5); accented letters allowed. */
export const ADDRESS_PATTERN = /^\d+ [\p{L} ]+$/u;

export const customerSchema = z
  .object({
    customerId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    companyName: z.string().nullable(),
    address: z.string().nullable(),
    /** `A1A 1A1`, or null when the profile has none yet (issue 16: it decides the service area). */
    postalCode: z.string().nullable(),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerSchema>;

/** The spec's address, "123 Main Street": a profile's, and a visit's street (issue 27). */
export const addressSchema = z
  .string({ error: 'profile.errors.addressRequired' })
  .trim()
  .min(1, 'profile.errors.addressRequired')
  .max(TEXT_LIMITS.address, 'validation.tooLong')
  .regex(ADDRESS_PATTERN, 'profile.errors.addressFormat');

/** A signed-in person's own profile (create or update). The email comes from their account. */
export const profileInputSchema = z.object({
  firstName: z
    .string({ error: 'profile.errors.firstName' })
    .trim()
    .min(1, 'profile.errors.firstName')
    .max(TEXT_LIMITS.personName, 'validation.tooLong'),
  lastName: z
    .string({ error: 'profile.errors.lastName' })
    .trim()
    .min(1, 'profile.errors.lastName')
    .max(TEXT_LIMITS.personName, 'validation.tooLong'),
  phoneNumber: z
    .string({ error: 'profile.errors.phone' })
    .trim()
    .regex(PHONE_PATTERN, 'profile.errors.phone'),
  address: addressSchema,
  /** Optional (profiles made before issue 16 have none); absent keeps it, empty clears it. */
  postalCode: optionalPostalCodeSchema,
  companyName: z
    .string()
    .trim()
    .max(TEXT_LIMITS.companyName, 'validation.tooLong')
    .nullish()
    // An empty company name is stored as null (spec §5).
    .transform((value) => (value?.length ? value : null)),
});
export type ProfileInput = z.input<typeof profileInputSchema>;

/**
 * `GET /customers?q=&limit=&before=` (admin, decision 024): customers in name order (last, then first),
 * those whose name, email or company hold every word of `q`; 50 a page by default, at most 200, the next
 * page in the `Link` header.
 */
export const customerListQuerySchema = personSearchQuerySchema({ fallback: 50, max: 200 });

export const customerIdParamsSchema = z.object({ customerId: z.uuid() });
export const customerByEmailQuerySchema = z.object({
  email: z.email('validation.email').max(TEXT_LIMITS.email, 'validation.tooLong'),
});

/**
 * `GET`/`PUT /customers/me/email-preferences`: the emails a customer may turn off (issue 15): reminders
 * before a visit and feedback requests after one. Confirmations and changes to a visit always go out.
 */
export const emailPreferencesSchema = z
  .object({ optionalEmails: z.boolean({ error: 'validation.required' }) })
  .meta({ id: 'EmailPreferences' });
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
