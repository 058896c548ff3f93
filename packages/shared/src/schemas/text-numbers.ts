import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { LOCALES } from '../locales.ts';
import { z } from '../zod.ts';
import { textChannelSchema } from './texts.ts';

/**
 * The mobile number of texts (decision 067), read by libphonenumber-js: kept apart from `texts.ts` so that
 * the web app, which shows the server's error, does not load the library's metadata.
 */

/** A mobile number as typed (`514 555-0100`, `+33 6 12 34 56 78`), read with Canada as the default region. */
export function toE164(value: string): string | undefined {
  const number = parsePhoneNumberFromString(value, 'CA');
  return number?.isValid() ? number.number : undefined;
}

/** A valid number, stored in E.164 (`+15145550100`). */
export const mobileNumberSchema = z
  .string({ error: 'profile.errors.mobile' })
  .trim()
  .max(40, 'profile.errors.mobile')
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: 'profile.errors.mobile' });
      return z.NEVER;
    }
    return e164;
  });

/** `PUT /customers/me/text-preferences`: a number with consent, or `mobile: null` to remove it (and the consent). */
export const textPreferencesInputSchema = z
  .object({
    mobile: mobileNumberSchema.nullable(),
    /** The box "I agree…" ticked: a number is only kept with it. */
    consent: z.boolean().optional(),
    /** The language the consent sentence was shown in. */
    consentLocale: z.enum(LOCALES).default('en'),
    reminderBy: textChannelSchema.default('both'),
    confirmationBy: textChannelSchema.default('both'),
  })
  .superRefine((input, ctx) => {
    if (input.mobile !== null && input.consent !== true)
      ctx.addIssue({ code: 'custom', path: ['consent'], message: 'profile.errors.textConsent' });
  });

export type TextPreferencesInput = z.input<typeof textPreferencesInputSchema>;
