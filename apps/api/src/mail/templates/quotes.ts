import { QUOTE_WHAT_MAX_LENGTH, TEXT_LIMITS, type Locale } from '@eclat/shared';
import { z } from 'zod';
import { formatDate, formatMoney } from '../format.ts';
import type { RenderContext, RenderedEmail } from '../layout.ts';
import { renderLinkEmail, type LinkEmailTexts } from '../link-email.ts';

/** Quote requests (issue 16, decision 026): a new request to the business, the answer to the customer. */

export const quoteRequestDataSchema = z.object({
  quoteId: z.uuid(),
  customerName: z.string().min(1).max(210),
  customerEmail: z.email(),
  what: z.string().min(1).max(QUOTE_WHAT_MAX_LENGTH),
  address: z.string().min(1).max(300),
  postalCode: z.string().min(1).max(20),
  photoCount: z.number().int().min(0),
});
export type QuoteRequestData = z.infer<typeof quoteRequestDataSchema>;

export const quoteAnsweredDataSchema = z.object({
  quoteId: z.uuid(),
  customerFirstName: z.string().min(1).max(100),
  priceCents: z.number().int().min(1),
  durationMinutes: z.number().int().min(1),
  message: z.string().max(TEXT_LIMITS.quoteMessage).nullable(),
  expiresAt: z.iso.datetime(),
});
export type QuoteAnsweredData = z.infer<typeof quoteAnsweredDataSchema>;

const REQUEST_TEXT: Record<Locale, (data: QuoteRequestData, brand: string) => LinkEmailTexts> = {
  en: (data, brand) => ({
    subject: `Quote request from ${data.customerName} (${data.postalCode})`,
    paragraphs: [
      `${data.customerName} <${data.customerEmail}> asks for a quote at ${data.address}, ${data.postalCode}.`,
      data.what,
      data.photoCount > 0
        ? `${data.photoCount} photo(s) attached to the request. Answer it with a price on the dashboard:`
        : 'Answer it with a price on the dashboard:',
    ],
    action: 'Open the quote requests',
    notes: ['Reply to this email to write to the customer directly.'],
    footer: `${brand} · Quote request from the website.`,
  }),
  fr: (data, brand) => ({
    subject: `Demande de soumission de ${data.customerName} (${data.postalCode})`,
    paragraphs: [
      `${data.customerName} <${data.customerEmail}> demande une soumission au ${data.address}, ${data.postalCode}.`,
      data.what,
      data.photoCount > 0
        ? `${data.photoCount} photo(s) jointe(s) à la demande. Répondez-y avec un prix dans le tableau de bord\u00a0:`
        : 'Répondez-y avec un prix dans le tableau de bord\u00a0:',
    ],
    action: 'Ouvrir les demandes de soumission',
    notes: ['Répondez à ce courriel pour écrire directement au client.'],
    footer: `${brand} · Demande de soumission du site.`,
  }),
};

/** Sent to the business (CONTACT_TO, in BUSINESS_LOCALE); Reply-To is the customer. */
export function renderQuoteRequest(
  data: QuoteRequestData,
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const link = { url: `${ctx.publicUrl}/admin-dashboard?tab=quotes`, firstName: undefined };
  return renderLinkEmail(REQUEST_TEXT[locale](data, ctx.brandName), link, locale, ctx);
}

const ANSWER_TEXT: Record<
  Locale,
  (price: string, hours: string, date: string, message: string | null, brand: string) => LinkEmailTexts
> = {
  en: (price, hours, date, message, brand) => ({
    subject: `Your ${brand} quote: ${price}`,
    paragraphs: [
      `We priced the cleaning you asked about: ${price}, for a visit of about ${hours}.`,
      ...(message ? [message] : []),
      `Accept it and choose your date and time by ${date}:`,
    ],
    action: 'See my quote',
    notes: ['If it does not suit you, you can decline it on the same page.'],
    footer: `${brand} · You receive this email because you asked us for a quote.`,
  }),
  fr: (price, hours, date, message, brand) => ({
    subject: `Votre soumission ${brand}\u00a0: ${price}`,
    paragraphs: [
      `Nous avons établi le prix du ménage demandé\u00a0: ${price}, pour une visite d’environ ${hours}.`,
      ...(message ? [message] : []),
      `Acceptez-la et choisissez votre date et votre heure d’ici le ${date}\u00a0:`,
    ],
    action: 'Voir ma soumission',
    notes: ['Si elle ne vous convient pas, vous pouvez la refuser sur la même page.'],
    footer: `${brand} · Vous recevez ce courriel parce que vous nous avez demandé une soumission.`,
  }),
};

function hoursOf(minutes: number, locale: Locale): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (locale === 'fr') return rest ? `${hours} h ${String(rest).padStart(2, '0')}` : `${hours} h`;
  if (hours === 0) return `${rest} minutes`;
  return rest ? `${hours} h ${rest} min` : `${hours} hour${hours > 1 ? 's' : ''}`;
}

/** Sent to the customer in the language of the request, with a link to their quotes. */
export function renderQuoteAnswered(
  data: QuoteAnsweredData,
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const date = formatDate(new Date(data.expiresAt), locale, ctx.timeZone);
  const texts = ANSWER_TEXT[locale](
    formatMoney(data.priceCents / 100, locale),
    hoursOf(data.durationMinutes, locale),
    date,
    data.message,
    ctx.brandName,
  );
  return renderLinkEmail(
    texts,
    { url: `${ctx.publicUrl}/my-quotes`, firstName: data.customerFirstName },
    locale,
    ctx,
  );
}
