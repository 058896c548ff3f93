import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { LOCALES, type Locale } from '../locales.ts';
import { z } from '../zod.ts';

/**
 * Text messages (issue 31, decision 067): a mobile number, the express consent given for it, and per kind
 * of message whether it goes by email, text or both.
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

/**
 * The consent sentence shown beside the box, in each language: the server records the one shown (the
 * request's language) word for word with the time (Canada's anti-spam law asks for both).
 */
export const TEXT_CONSENT_WORDING: Readonly<Record<Locale, string>> = {
  en: 'I agree to receive text messages about my visits (confirmations, reminders and changes) at this number. Message and data rates may apply. Reply STOP to stop, START to resume.',
  fr: 'J’accepte de recevoir des textos au sujet de mes visites (confirmations, rappels et changements) à ce numéro. Des frais de messagerie et de données peuvent s’appliquer. Répondez ARRÊT pour arrêter, START pour reprendre.',
};

export const TEXT_CHANNELS = ['email', 'text', 'both'] as const;
export type TextChannel = (typeof TEXT_CHANNELS)[number];
const channelSchema = z.enum(TEXT_CHANNELS, { error: 'validation.required' });

/** `PUT /customers/me/text-preferences`: a number with consent, or `mobile: null` to remove it (and the consent). */
export const textPreferencesInputSchema = z
  .object({
    mobile: mobileNumberSchema.nullable(),
    /** The box "I agree…" ticked: a number is only kept with it. */
    consent: z.boolean().optional(),
    /** The language the consent sentence was shown in. */
    consentLocale: z.enum(LOCALES).default('en'),
    reminderBy: channelSchema.default('both'),
    confirmationBy: channelSchema.default('both'),
  })
  .superRefine((input, ctx) => {
    if (input.mobile !== null && input.consent !== true)
      ctx.addIssue({ code: 'custom', path: ['consent'], message: 'profile.errors.textConsent' });
  });
export type TextPreferencesInput = z.input<typeof textPreferencesInputSchema>;

export const textPreferencesSchema = z
  .object({
    /** E.164, or null: no texts. */
    mobile: z.string().nullable(),
    consentedAt: z.string().nullable(),
    consentWording: z.string().nullable(),
    /** A STOP was received from the number: no text until the person replies START. */
    stopped: z.boolean(),
    reminderBy: channelSchema,
    confirmationBy: channelSchema,
  })
  .meta({ id: 'TextPreferences' });
export type TextPreferences = z.infer<typeof textPreferencesSchema>;
