import { z } from 'zod';
import { AREA_UNITS, PRICE_LINE_KINDS, type Locale } from '@eclat/shared';
import { formatDateTime, formatMoney, formatTime } from '../format.ts';
import { escapeHtml, escapeMultiline } from '../../lib/html.ts';

/**
 * What the customer's emails about visits share (the one-off booking, its reminder, a series and its
 * visits): the words, the price of a service, a visit's time and the table of details.
 */
export const VISIT_TEXT = {
  en: {
    greeting: (name: string) => `Hello ${name},`,
    when: 'When',
    where: 'Where',
    services: 'Services',
    total: 'Total',
    quote: 'Contact for pricing',
    surcharge: 'Travel surcharge',
    discount: (percent: string) => `Recurring discount (${percent})`,
    bedrooms: (count: number) => `${count} bedroom${count === 1 ? '' : 's'}`,
    bathrooms: (count: number) => `${count} bathroom${count === 1 ? '' : 's'}`,
    area: { sqft: 'sq ft', sqm: 'm²' },
    comments: 'Your comments',
    manage: 'See my appointments',
    reference: 'Reference',
    sep: ': ',
    footer: (brand: string) =>
      `${brand} · You receive this email because you booked a cleaning on our website.`,
  },
  fr: {
    greeting: (name: string) => `Bonjour ${name},`,
    when: 'Quand',
    where: 'Où',
    services: 'Services',
    total: 'Total',
    quote: 'Prix sur demande',
    surcharge: 'Frais de déplacement',
    discount: (percent: string) => `Rabais récurrent (${percent})`,
    bedrooms: (count: number) => `${count} chambre${count > 1 ? 's' : ''}`,
    bathrooms: (count: number) => `${count} salle${count > 1 ? 's' : ''} de bain`,
    area: { sqft: 'pi²', sqm: 'm²' },
    comments: 'Vos commentaires',
    manage: 'Voir mes rendez-vous',
    reference: 'Référence',
    sep: '\u00a0: ',
    footer: (brand: string) =>
      `${brand} · Vous recevez ce courriel parce que vous avez réservé un ménage sur notre site.`,
  },
} as const;

/** A price, or "Contact for pricing" for what is sold on quote (price 0). */
export function priceText(amount: number, locale: Locale): string {
  return amount > 0 ? formatMoney(amount, locale) : VISIT_TEXT[locale].quote;
}

/** A line of a visit's price breakdown (decision 025), as emails carry it. */
export const emailPriceLineSchema = z.object({
  kind: z.enum(PRICE_LINE_KINDS),
  label: z.object({ en: z.string(), fr: z.string() }),
  cents: z.number().int(),
  percent: z.number().int().optional(),
  basis: z
    .object({
      bedrooms: z.number().int().optional(),
      bathrooms: z.number().int().optional(),
      area: z.number().optional(),
      areaUnit: z.enum(AREA_UNITS).optional(),
    })
    .optional(),
});
export type EmailPriceLine = z.infer<typeof emailPriceLineSchema>;

const NUMBER_LOCALE: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

/**
 * Each line of a breakdown in words: "Whole Home Cleaning (3 bedrooms, 2 bathrooms)" and "$205.00",
 * "Inside the fridge" and "$30.00", "Travel surcharge", "Recurring discount (10%)" and "-$27.00". The
 * emails and the PDF say the breakdown with it.
 */
export function priceLineTexts(
  lines: readonly EmailPriceLine[],
  locale: Locale,
): { label: string; amount: string }[] {
  const t = VISIT_TEXT[locale];
  const number = (value: number) => new Intl.NumberFormat(NUMBER_LOCALE[locale]).format(value);
  return lines.map((line) => {
    let label = line.label[locale];
    if (line.kind === 'surcharge') label = t.surcharge;
    if (line.kind === 'discount') {
      label = t.discount(
        new Intl.NumberFormat(NUMBER_LOCALE[locale], { style: 'percent' }).format((line.percent ?? 0) / 100),
      );
    }
    const basis = line.basis;
    const facts = [
      ...(basis?.bedrooms === undefined ? [] : [t.bedrooms(basis.bedrooms)]),
      ...(basis?.bathrooms === undefined ? [] : [t.bathrooms(basis.bathrooms)]),
      ...(basis?.area === undefined ? [] : [`${number(basis.area)} ${t.area[basis.areaUnit ?? 'sqft']}`]),
    ];
    if (facts.length > 0) label = `${label} (${facts.join(', ')})`;
    // An ASCII minus: the PDF's built-in font has no other.
    const amount =
      line.cents < 0
        ? `-${formatMoney(-line.cents / 100, locale)}`
        : line.kind === 'service'
          ? priceText(line.cents / 100, locale)
          : formatMoney(line.cents / 100, locale);
    return { label, amount };
  });
}

/** The breakdown as the Services detail of an email. */
export function priceLinesDetail(lines: readonly EmailPriceLine[], locale: Locale): Detail {
  const t = VISIT_TEXT[locale];
  const texts = priceLineTexts(lines, locale);
  return {
    label: t.services,
    text: texts.map((line) => `${line.label}${t.sep}${line.amount}`),
    html: texts
      .map(
        (line) =>
          `${escapeHtml(line.label)} <span style="color:#4a5a60;">(${escapeHtml(line.amount)})</span>`,
      )
      .join('<br>'),
  };
}

/** "Tuesday, March 9, 2027 at 9:00 a.m. – 12:00 p.m.", in the business time zone. */
export function visitWhen(startsAt: string, endsAt: string, locale: Locale, timeZone: string): string {
  return `${formatDateTime(new Date(startsAt), locale, timeZone)} – ${formatTime(new Date(endsAt), locale, timeZone)}`;
}

/**
 * One line of details: a label and its value, as plain text (a list when it has several items) and as
 * already-escaped HTML.
 */
export type Detail = { label: string; text: string | readonly string[]; html: string };

/** A detail whose value is text someone wrote or chose (escaped in HTML, line breaks kept). */
export function textDetail(label: string, value: string): Detail {
  return { label, text: value, html: escapeMultiline(value) };
}

export function servicesDetail(
  services: readonly { title: string; price: number }[],
  locale: Locale,
): Detail {
  const t = VISIT_TEXT[locale];
  return {
    label: t.services,
    text: services.map((service) => `${service.title}${t.sep}${priceText(service.price, locale)}`),
    html: services
      .map(
        (service) =>
          `${escapeHtml(service.title)} <span style="color:#4a5a60;">(${escapeHtml(priceText(service.price, locale))})</span>`,
      )
      .join('<br>'),
  };
}

/** The plain-text lines of details: "Label: value", or "Label:" and one "  - item" line per item. */
export function detailLines(details: readonly Detail[], locale: Locale): string[] {
  const { sep } = VISIT_TEXT[locale];
  return details.flatMap((detail) =>
    typeof detail.text === 'string'
      ? [`${detail.label}${sep}${detail.text}`]
      : [`${detail.label}${sep.trimEnd()}`, ...detail.text.map((item) => `  - ${item}`)],
  );
}

/** The details as the HTML table of labels and values. */
export function detailsTable(details: readonly Detail[]): string {
  return [
    `<table role="presentation" cellspacing="0" cellpadding="0" style="font-size:15px;margin:16px 0;">`,
    ...details.map(
      (detail) =>
        `<tr><td style="padding:6px 16px 6px 0;color:#4a5a60;vertical-align:top;white-space:nowrap;">${escapeHtml(detail.label)}</td><td style="padding:6px 0;">${detail.html}</td></tr>`,
    ),
    `</table>`,
  ].join('\n');
}

/** The small print under the button: a line of text and the reference. */
export function smallPrint(lines: readonly string[]): string {
  return `<p style="font-size:14px;color:#4a5a60;">${lines.map((line) => escapeHtml(line)).join('<br>')}</p>`;
}
