import { INTL_LOCALES, smsLength, type Locale, type SmsLength } from '@eclat/shared';
import { z } from 'zod';

/**
 * Every text the application sends, by kind, with the data it says (decision 067). Each is one SMS
 * segment where possible: short, the GSM-7 alphabet kept (French "arrêter" or "reçu" would turn the whole
 * text to UCS-2, 70 characters), the opt-out word in it.
 */
export const TEXT_KINDS = ['booking-confirmation', 'appointment-reminder'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

export const visitTextDataSchema = z.object({ startsAt: z.iso.datetime() });
export type VisitTextData = z.infer<typeof visitTextDataSchema>;

export type TextContext = { brandName: string; timeZone: string };

/** A visit's day and time, short, in plain spaces (ICU's narrow no-break space is not in GSM-7). */
export function textWhen(startsAt: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  })
    .format(new Date(startsAt))
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** Ends a sentence on the time: "9:00 a.m." keeps its one period. */
const sentenceEnd = (when: string) => (when.endsWith('.') ? when : `${when}.`);

const TEXTS: Record<TextKind, Record<Locale, (brand: string, when: string) => string>> = {
  'booking-confirmation': {
    en: (brand, when) => `${brand}: your cleaning is booked for ${sentenceEnd(when)} Reply STOP to opt out.`,
    fr: (brand, when) => `${brand} : ménage réservé le ${when}. STOP = fin des textos`,
  },
  'appointment-reminder': {
    en: (brand, when) => `${brand} reminder: your cleaning is on ${sentenceEnd(when)} Reply STOP to opt out.`,
    fr: (brand, when) => `Rappel ${brand} : ménage le ${when}. STOP = fin des textos`,
  },
};

/** A text in the recipient's language, with its length in SMS units and segments. */
export function renderText(
  kind: TextKind,
  data: VisitTextData,
  locale: Locale,
  ctx: TextContext,
): { body: string; length: SmsLength } {
  const body = TEXTS[kind][locale](ctx.brandName, textWhen(data.startsAt, locale, ctx.timeZone));
  return { body, length: smsLength(body) };
}
