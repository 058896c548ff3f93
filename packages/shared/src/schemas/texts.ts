import type { Locale } from '../locales.ts';
import { z } from '../zod.ts';

/**
 * Text messages (issue 31, decision 067): a mobile number, the express consent given for it, and per kind
 * of message whether it goes by email, text or both.
 */

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
export const textChannelSchema = z.enum(TEXT_CHANNELS, { error: 'validation.required' });

export const textPreferencesSchema = z
  .object({
    /** E.164, or null: no texts. */
    mobile: z.string().nullable(),
    consentedAt: z.string().nullable(),
    consentWording: z.string().nullable(),
    /** A STOP was received from the number: no text until the person replies START. */
    stopped: z.boolean(),
    reminderBy: textChannelSchema,
    confirmationBy: textChannelSchema,
  })
  .meta({ id: 'TextPreferences' });
export type TextPreferences = z.infer<typeof textPreferencesSchema>;
