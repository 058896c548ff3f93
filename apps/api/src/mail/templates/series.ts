import {
  APPOINTMENT_STATUSES,
  RECURRING_FREQUENCIES,
  type Locale,
  type RecurringFrequency,
} from '@eclat/shared';
import { z } from 'zod';
import { formatHour, formatMoney, formatPercent, formatWeekday } from '../format.ts';
import { escapeHtml } from '../../lib/html.ts';
import { button, layoutEmail, type RenderContext, type RenderedEmail } from '../layout.ts';
import {
  detailLines,
  detailsTable,
  emailPriceLineSchema,
  priceLinesDetail,
  priceText,
  servicesDetail,
  smallPrint,
  textDetail,
  VISIT_TEXT,
  visitWhen,
  type Detail,
} from './visit-details.ts';

/** Recurring cleanings (decision 020): the series' confirmation (a notice about one visit is `visit-notice`). */

const serviceSchema = z.object({ title: z.string().min(1), price: z.number().min(0) });

/** Sent once a series is booked: its plan and its first visits (those no cleaner could take marked). */
export const seriesConfirmationDataSchema = z.object({
  seriesId: z.uuid(),
  customerFirstName: z.string().min(1).max(100),
  customerLastName: z.string().max(100),
  frequency: z.enum(RECURRING_FREQUENCIES),
  /** ISO weekday of the visits: 1 Monday ... 7 Sunday. */
  weekday: z.number().int().min(1).max(7),
  /** The business-local start hour of every visit. */
  hour: z.number().int().min(0).max(23),
  services: z.array(serviceSchema).min(1),
  /** The breakdown of a visit before the discount (decision 025): services and extras; absent before it. */
  lines: z.array(emailPriceLineSchema).max(100).optional(),
  /** The services' total before the discount, and the price of a discounted visit. */
  fullPrice: z.number().min(0),
  pricePerVisit: z.number().min(0),
  discountPercent: z.number().int().min(0).max(100),
  /** When false (and the discount is not 0), the first visit is at the full price. */
  firstVisitDiscounted: z.boolean(),
  address: z.string().max(500).nullable(),
  comments: z.string().max(2000).nullable(),
  visits: z
    .array(
      z.object({
        appointmentId: z.uuid(),
        startsAt: z.iso.datetime(),
        endsAt: z.iso.datetime(),
        /** No cleaner was free: the visit has no place yet and no calendar event. */
        needsTime: z.boolean(),
        /** The appointment's revision: its calendar event's SEQUENCE. */
        revision: z.number().int().min(0),
        totalPrice: z.number().min(0),
        /** The visit's status: its calendar event's STATUS (`mail/ics.ts`). */
        status: z.enum(APPOINTMENT_STATUSES).optional(),
      }),
    )
    .min(1)
    .max(12),
});
export type SeriesConfirmationData = z.infer<typeof seriesConfirmationDataSchema>;

const TEXT = {
  en: {
    ...VISIT_TEXT.en,
    frequencyAdjective: {
      weekly: 'weekly',
      every2Weeks: 'every-2-weeks',
      every4Weeks: 'every-4-weeks',
    } satisfies Record<RecurringFrequency, string>,
    rhythmPrefix: {
      weekly: 'Every week',
      every2Weeks: 'Every 2 weeks',
      every4Weeks: 'Every 4 weeks',
    } satisfies Record<RecurringFrequency, string>,
    rhythm: (every: string, weekday: string, time: string) => `${every} on ${weekday} at ${time}`,
    confirmationSubject: (brand: string, adjective: string, weekday: string, time: string) =>
      `Your ${adjective} ${brand} cleaning is booked: ${weekday}s at ${time}`,
    confirmationIntro:
      'Thank you for booking a recurring cleaning. Here are the schedule and the first visits.',
    calendarAttached: 'The calendar file attached holds every visit that has a time.',
    noCalendar:
      'None of these visits has a time yet, so no calendar file is attached: we will send one as soon as a visit is placed.',
    rhythmLabel: 'Schedule',
    pricePerVisit: 'Price per visit',
    saving: (percent: string, full: string, saved: string) =>
      `${percent} off ${full}: you save ${saved} per visit`,
    firstVisitFull: (full: string) =>
      `The first visit is at the full price (${full}); the discount applies from the second visit on.`,
    visits: 'Your first visits',
    needsTime:
      'Needs a time: no cleaner is free then. We will contact you, or you can move this visit from My Appointments.',
    moreVisits: 'Further visits are added automatically as the series goes on.',
    manageSeries:
      'To skip or move one visit, change all future visits, pause or cancel the series, go to My Appointments:',
  },
  fr: {
    ...VISIT_TEXT.fr,
    frequencyAdjective: {
      weekly: 'hebdomadaire',
      every2Weeks: 'aux 2 semaines',
      every4Weeks: 'aux 4 semaines',
    } satisfies Record<RecurringFrequency, string>,
    rhythmPrefix: {
      weekly: 'Chaque semaine',
      every2Weeks: 'Toutes les 2 semaines',
      every4Weeks: 'Toutes les 4 semaines',
    } satisfies Record<RecurringFrequency, string>,
    rhythm: (every: string, weekday: string, time: string) => `${every}, le ${weekday} à ${time}`,
    confirmationSubject: (brand: string, adjective: string, weekday: string, time: string) =>
      `Votre ménage ${brand} ${adjective} est réservé\u00a0: le ${weekday} à ${time}`,
    confirmationIntro:
      'Merci d’avoir réservé un ménage récurrent. En voici la fréquence et les premières visites.',
    calendarAttached: 'Le fichier de calendrier joint contient chaque visite qui a une heure.',
    noCalendar:
      'Aucune de ces visites n’a encore d’heure; aucun fichier de calendrier n’est donc joint. Nous vous en enverrons un dès qu’une visite sera planifiée.',
    rhythmLabel: 'Fréquence',
    pricePerVisit: 'Prix par visite',
    saving: (percent: string, full: string, saved: string) =>
      `rabais de ${percent} sur ${full}\u00a0: vous économisez ${saved} par visite`,
    firstVisitFull: (full: string) =>
      `La première visite est au plein tarif (${full}); le rabais s’applique à partir de la deuxième visite.`,
    visits: 'Vos premières visites',
    needsTime:
      'Heure à déterminer\u00a0: aucun membre de l’équipe n’est libre à ce moment. Nous communiquerons avec vous, ou vous pouvez déplacer cette visite depuis Mes rendez-vous.',
    moreVisits: 'Les visites suivantes s’ajoutent automatiquement au fil de la série.',
    manageSeries:
      'Pour annuler ou déplacer une seule visite, modifier toutes les visites à venir, ou suspendre ou annuler la série, rendez-vous dans Mes rendez-vous\u00a0:',
  },
} as const;

/** "Every 2 weeks on Tuesday at 10:00 a.m." / "Toutes les 2 semaines, le mardi à 10 h 00". */
export function seriesRhythm(
  series: Pick<SeriesConfirmationData, 'frequency' | 'weekday' | 'hour'>,
  locale: Locale,
): string {
  const t = TEXT[locale];
  return t.rhythm(
    t.rhythmPrefix[series.frequency],
    formatWeekday(series.weekday, locale),
    formatHour(series.hour, locale),
  );
}

/** The price per visit, with the discount and the saving when there is one. */
function priceDetail(data: SeriesConfirmationData, locale: Locale): Detail {
  const t = TEXT[locale];
  const price = priceText(data.pricePerVisit, locale);
  const saved = Math.round((data.fullPrice - data.pricePerVisit) * 100) / 100;
  const saving =
    data.discountPercent > 0 && saved > 0
      ? t.saving(
          formatPercent(data.discountPercent, locale),
          formatMoney(data.fullPrice, locale),
          formatMoney(saved, locale),
        )
      : null;
  return {
    label: t.pricePerVisit,
    text: saving ? `${price} (${saving})` : price,
    html: `<strong>${escapeHtml(price)}</strong>${saving ? ` (${escapeHtml(saving)})` : ''}`,
  };
}

export function renderSeriesConfirmation(
  data: SeriesConfirmationData,
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const t = TEXT[locale];
  const rhythm = seriesRhythm(data, locale);
  const subject = t.confirmationSubject(
    ctx.brandName,
    t.frequencyAdjective[data.frequency],
    formatWeekday(data.weekday, locale),
    formatHour(data.hour, locale),
  );
  const myAppointments = `${ctx.publicUrl}/my-appointments`;
  const firstVisitFull =
    !data.firstVisitDiscounted && data.discountPercent > 0 && data.fullPrice > 0
      ? t.firstVisitFull(formatMoney(data.fullPrice, locale))
      : null;
  const details: Detail[] = [
    { label: t.rhythmLabel, text: rhythm, html: `<strong>${escapeHtml(rhythm)}</strong>` },
    ...(data.address ? [textDetail(t.where, data.address)] : []),
    data.lines ? priceLinesDetail(data.lines, locale) : servicesDetail(data.services, locale),
    priceDetail(data, locale),
  ];
  const comments = data.comments ? textDetail(t.comments, data.comments) : null;
  const visits = data.visits.map((visit) => ({
    when: `${visitWhen(visit.startsAt, visit.endsAt, locale, ctx.timeZone)}${t.sep}${priceText(visit.totalPrice, locale)}`,
    needsTime: visit.needsTime,
  }));
  const intro = `${t.confirmationIntro} ${
    data.visits.some((visit) => !visit.needsTime) ? t.calendarAttached : t.noCalendar
  }`;

  const text = [
    t.greeting(data.customerFirstName),
    '',
    intro,
    '',
    ...detailLines(details, locale),
    ...(firstVisitFull ? [firstVisitFull] : []),
    ...(comments ? ['', ...detailLines([comments], locale)] : []),
    '',
    `${t.visits}${t.sep.trimEnd()}`,
    ...visits.map((visit) => `  - ${visit.when}${visit.needsTime ? `\n    ${t.needsTime}` : ''}`),
    t.moreVisits,
    '',
    t.manageSeries,
    myAppointments,
    '',
    `${t.reference}${t.sep}${data.seriesId}`,
    `— ${ctx.brandName}`,
  ].join('\n');

  const visitsHtml = [
    `<p style="margin:24px 0 8px;font-weight:600;">${escapeHtml(t.visits)}</p>`,
    `<ul style="margin:0 0 8px;padding-left:20px;">`,
    ...visits.map((visit) =>
      visit.needsTime
        ? `<li style="margin:4px 0;">${escapeHtml(visit.when)}<br><span style="color:#9a3412;font-weight:600;">${escapeHtml(t.needsTime)}</span></li>`
        : `<li style="margin:4px 0;">${escapeHtml(visit.when)}</li>`,
    ),
    `</ul>`,
    `<p style="font-size:14px;color:#4a5a60;">${escapeHtml(t.moreVisits)}</p>`,
  ].join('\n');
  const bodyHtml = [
    `<p>${escapeHtml(t.greeting(data.customerFirstName))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    detailsTable(comments ? [...details, comments] : details),
    ...(firstVisitFull ? [`<p>${escapeHtml(firstVisitFull)}</p>`] : []),
    visitsHtml,
    `<p>${escapeHtml(t.manageSeries)}</p>`,
    button(myAppointments, t.manage),
    smallPrint([`${t.reference}${t.sep}${data.seriesId}`]),
  ].join('\n');

  return layoutEmail({
    locale,
    subject,
    text,
    preheader: rhythm,
    bodyHtml,
    footer: t.footer(ctx.brandName),
    ctx,
  });
}
