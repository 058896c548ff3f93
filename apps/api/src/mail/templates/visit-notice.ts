import { APPOINTMENT_STATUSES, type Locale } from '@eclat/shared';
import { z } from 'zod';
import { formatDate, formatDateTime } from '../format.ts';
import { escapeHtml } from '../../lib/html.ts';
import { button, layoutEmail, type RenderContext, type RenderedEmail } from '../layout.ts';
import {
  detailLines,
  detailsTable,
  priceText,
  servicesDetail,
  smallPrint,
  textDetail,
  VISIT_TEXT,
  visitWhen,
  type Detail,
} from './visit-details.ts';

/**
 * The one notice about a change of one visit (issue 15, decision 023), a one-off or a series' visit, to
 * its customer or to a cleaner on it:
 *
 * | kind | who | what |
 * |---|---|---|
 * | confirmed | customer | the company confirmed a pending visit |
 * | moved | customer, employee | the visit's time changed (by anyone); `previousStartsAt` |
 * | cancelled | customer, employee | cancelled by the business or by the customer (`cancelledBy`); a series visit cancelled by its customer is "skipped" |
 * | flagged | customer | a series visit no cleaner can take: it needs a new time |
 * | assigned | employee | you were put on this visit |
 * | unassigned | employee | you were taken off this visit |
 *
 * `revision` is the visit's revision after the change: the SEQUENCE of the calendar file attached.
 */
export const VISIT_NOTICE_KINDS = [
  'confirmed',
  'moved',
  'cancelled',
  'flagged',
  'assigned',
  'unassigned',
] as const;
export type VisitNoticeKind = (typeof VISIT_NOTICE_KINDS)[number];
export const VISIT_NOTICE_AUDIENCES = ['customer', 'employee'] as const;
export type VisitNoticeAudience = (typeof VISIT_NOTICE_AUDIENCES)[number];

/** Which kinds each audience receives. */
const KINDS_FOR: Record<VisitNoticeAudience, readonly VisitNoticeKind[]> = {
  customer: ['confirmed', 'moved', 'cancelled', 'flagged'],
  employee: ['moved', 'cancelled', 'assigned', 'unassigned'],
};

export const visitNoticeDataSchema = z
  .object({
    kind: z.enum(VISIT_NOTICE_KINDS),
    audience: z.enum(VISIT_NOTICE_AUDIENCES),
    /** The first name of the person the email speaks to: the customer, or the employee. */
    recipientFirstName: z.string().min(1).max(100),
    /** The series the visit belongs to; null for a one-off visit. */
    seriesId: z.uuid().nullable(),
    appointmentId: z.uuid(),
    customerFirstName: z.string().min(1).max(100),
    customerLastName: z.string().max(100),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    /** Where a moved visit was before (moved only). */
    previousStartsAt: z.iso.datetime().nullable(),
    /** Who cancelled (cancelled only). */
    cancelledBy: z.enum(['business', 'customer']).nullable(),
    services: z.array(z.object({ title: z.string().min(1), price: z.number().min(0) })).min(1),
    totalPrice: z.number().min(0),
    address: z.string().max(500).nullable(),
    revision: z.number().int().min(0),
    /** The visit's status after the change: its calendar event's STATUS (`mail/ics.ts`). */
    status: z.enum(APPOINTMENT_STATUSES).optional(),
  })
  .superRefine((data, ctx) => {
    if (!KINDS_FOR[data.audience].includes(data.kind))
      ctx.addIssue({ code: 'custom', path: ['kind'], message: `not sent to the ${data.audience}` });
    if (data.kind === 'cancelled' && data.cancelledBy === null)
      ctx.addIssue({ code: 'custom', path: ['cancelledBy'], message: 'who cancelled is required' });
    if (data.kind === 'moved' && data.previousStartsAt === null)
      ctx.addIssue({ code: 'custom', path: ['previousStartsAt'], message: 'the previous time is required' });
    if (data.kind === 'flagged' && data.seriesId === null)
      ctx.addIssue({ code: 'custom', path: ['seriesId'], message: 'only a series visit is flagged' });
  });
export type VisitNoticeData = z.infer<typeof visitNoticeDataSchema>;

/** What a calendar app does with the notice's file: publish the event again, remove it, or nothing. */
export function visitNoticeCalendarMethod(kind: VisitNoticeKind): 'PUBLISH' | 'CANCEL' | null {
  switch (kind) {
    case 'confirmed':
    case 'moved':
    case 'assigned':
      return 'PUBLISH';
    case 'cancelled':
    case 'unassigned':
      return 'CANCEL';
    case 'flagged':
      return null;
  }
}

const TEXT = {
  en: {
    ...VISIT_TEXT.en,
    customer: 'Customer',
    plannedFor: 'Planned',
    calendarUpdate: 'The calendar file attached updates this visit in your calendar.',
    calendarRemove: 'The calendar file attached removes this visit from your calendar.',
    calendarAdd: 'The calendar file attached adds this visit to your calendar.',
    customerChange: 'To move or cancel a visit, go to My Appointments.',
    seriesChange: 'To skip, move or cancel a visit, or change the whole series, go to My Appointments.',
    employeeFooter: (brand: string) =>
      `${brand} · You receive this email because you are on the ${brand} team.`,
    employeeAction: 'See my schedule',
    // To the customer.
    confirmedSubject: (brand: string, when: string) => `Your ${brand} cleaning on ${when} is confirmed`,
    confirmedIntro: (when: string) => `Good news: your cleaning of ${when} is confirmed. See you then!`,
    confirmedSeries:
      'Each visit of your recurring cleaning is confirmed on its own; the others do not change.',
    movedSubject: (previous: string, next: string) => `Visit moved from ${previous} to ${next}`,
    movedIntro: (previous: string, next: string) => `Your cleaning has moved from ${previous} to ${next}.`,
    movedSeries: 'This is one visit of your recurring cleaning; the other visits do not change.',
    cancelledSubject: (date: string) => `Your cleaning of ${date} is cancelled`,
    cancelledByBusiness: (when: string) =>
      `We are sorry: we had to cancel your cleaning of ${when}. You can book another time from your account, or reply to this email.`,
    cancelledByCustomer: (when: string) =>
      `As you asked, your cleaning of ${when} is cancelled. Nobody will come that day.`,
    cancelledSeries:
      'Only this visit is cancelled: the rest of your recurring cleaning continues as planned.',
    skippedSubject: (date: string) => `Visit of ${date} skipped`,
    skippedIntro: (when: string) =>
      `The visit of ${when} is skipped: nobody will come that day. The rest of your recurring cleaning continues as planned.`,
    flaggedSubject: 'One visit of your recurring cleaning needs a new time',
    flaggedIntro: (when: string) =>
      `No cleaner is free on ${when}, so this visit of your recurring cleaning has no time yet. The rest of your series is unchanged.`,
    flaggedNext:
      'We will contact you to find another time. You can also move the visit yourself from My Appointments.',
    flaggedAction: 'Move this visit',
    // To the employee.
    employeeMovedSubject: (customer: string, previous: string, next: string) =>
      `Visit moved: ${customer}, from ${previous} to ${next}`,
    employeeMovedIntro: (customer: string, previous: string, next: string) =>
      `The visit at ${customer}'s has moved from ${previous} to ${next}.`,
    employeeSeries: 'It is one visit of a recurring cleaning; the other visits do not change.',
    employeeCancelledSubject: (customer: string, date: string) => `Visit cancelled: ${customer}, ${date}`,
    employeeCancelledIntro: (customer: string, when: string, by: 'business' | 'customer') =>
      `The visit at ${customer}'s on ${when} is cancelled ${by === 'customer' ? 'by the customer' : 'by the office'}: you do not need to go.`,
    assignedSubject: (customer: string, when: string) => `New visit: ${customer}, ${when}`,
    assignedIntro: (customer: string, when: string) =>
      `You are on the visit at ${customer}'s on ${when}. It is in your schedule.`,
    unassignedSubject: (customer: string, date: string) =>
      `Visit taken off your schedule: ${customer}, ${date}`,
    unassignedIntro: (customer: string, when: string) =>
      `You are no longer on the visit at ${customer}'s on ${when}: it is off your schedule, and you do not need to go.`,
  },
  fr: {
    ...VISIT_TEXT.fr,
    customer: 'Client',
    plannedFor: 'Date prévue',
    calendarUpdate: 'Le fichier de calendrier joint met cette visite à jour dans votre calendrier.',
    calendarRemove: 'Le fichier de calendrier joint retire cette visite de votre calendrier.',
    calendarAdd: 'Le fichier de calendrier joint ajoute cette visite à votre calendrier.',
    customerChange: 'Pour déplacer ou annuler une visite, rendez-vous dans Mes rendez-vous.',
    seriesChange:
      'Pour annuler ou déplacer une visite, ou modifier toute la série, rendez-vous dans Mes rendez-vous.',
    employeeFooter: (brand: string) =>
      `${brand} · Vous recevez ce courriel parce que vous faites partie de l’équipe ${brand}.`,
    employeeAction: 'Voir mon horaire',
    confirmedSubject: (brand: string, when: string) => `Votre ménage ${brand} du ${when} est confirmé`,
    confirmedIntro: (when: string) =>
      `Bonne nouvelle\u00a0: votre ménage du ${when} est confirmé. À bientôt!`,
    confirmedSeries:
      'Chaque visite de votre ménage récurrent est confirmée séparément; les autres ne changent pas.',
    movedSubject: (previous: string, next: string) => `Visite déplacée du ${previous} au ${next}`,
    movedIntro: (previous: string, next: string) => `Votre ménage a été déplacé du ${previous} au ${next}.`,
    movedSeries:
      'Il s’agit d’une seule visite de votre ménage récurrent; les autres visites ne changent pas.',
    cancelledSubject: (date: string) => `Votre ménage du ${date} est annulé`,
    cancelledByBusiness: (when: string) =>
      `Nous sommes désolés\u00a0: nous avons dû annuler votre ménage du ${when}. Vous pouvez réserver un autre moment depuis votre compte, ou répondre à ce courriel.`,
    cancelledByCustomer: (when: string) =>
      `Comme vous l’avez demandé, votre ménage du ${when} est annulé. Personne ne viendra ce jour-là.`,
    cancelledSeries:
      'Seule cette visite est annulée\u00a0: le reste de votre ménage récurrent se poursuit comme prévu.',
    skippedSubject: (date: string) => `Visite du ${date} annulée`,
    skippedIntro: (when: string) =>
      `La visite du ${when} est annulée\u00a0: personne ne viendra ce jour-là. Le reste de votre ménage récurrent se poursuit comme prévu.`,
    flaggedSubject: 'Une visite de votre ménage récurrent doit être replanifiée',
    flaggedIntro: (when: string) =>
      `Aucun membre de l’équipe n’est libre le ${when}; cette visite de votre ménage récurrent n’a donc pas encore d’heure. Le reste de votre série ne change pas.`,
    flaggedNext:
      'Nous communiquerons avec vous pour trouver un autre moment. Vous pouvez aussi déplacer la visite vous-même depuis Mes rendez-vous.',
    flaggedAction: 'Déplacer cette visite',
    employeeMovedSubject: (customer: string, previous: string, next: string) =>
      `Visite déplacée\u00a0: ${customer}, du ${previous} au ${next}`,
    employeeMovedIntro: (customer: string, previous: string, next: string) =>
      `La visite chez ${customer} a été déplacée du ${previous} au ${next}.`,
    employeeSeries: 'Il s’agit d’une visite d’un ménage récurrent; les autres visites ne changent pas.',
    employeeCancelledSubject: (customer: string, date: string) =>
      `Visite annulée\u00a0: ${customer}, ${date}`,
    employeeCancelledIntro: (customer: string, when: string, by: 'business' | 'customer') =>
      `La visite chez ${customer} du ${when} est annulée ${by === 'customer' ? 'par le client' : 'par le bureau'}\u00a0: vous n’avez pas à vous y rendre.`,
    assignedSubject: (customer: string, when: string) => `Nouvelle visite\u00a0: ${customer}, ${when}`,
    assignedIntro: (customer: string, when: string) =>
      `On vous a confié la visite chez ${customer} le ${when}. Elle figure à votre horaire.`,
    unassignedSubject: (customer: string, date: string) =>
      `Visite retirée de votre horaire\u00a0: ${customer}, ${date}`,
    unassignedIntro: (customer: string, when: string) =>
      `La visite chez ${customer} du ${when} ne vous est plus confiée\u00a0: elle est retirée de votre horaire et vous n’avez pas à vous y rendre.`,
  },
} as const;

type Words = {
  subject: string;
  paragraphs: readonly [string, ...string[]];
  whenLabel: string;
  action: string;
};

function customerWords(data: VisitNoticeData, locale: Locale, ctx: RenderContext): Words {
  const t = TEXT[locale];
  const start = new Date(data.startsAt);
  const at = formatDateTime(start, locale, ctx.timeZone);
  const date = formatDate(start, locale, ctx.timeZone);
  // Always there for a move (the schema requires it).
  const previous = formatDateTime(new Date(data.previousStartsAt ?? data.startsAt), locale, ctx.timeZone);
  const inSeries = data.seriesId !== null;
  const series = (sentence: string): string[] => (inSeries ? [sentence] : []);
  switch (data.kind) {
    case 'confirmed':
      return {
        subject: t.confirmedSubject(ctx.brandName, at),
        paragraphs: [t.confirmedIntro(at), ...series(t.confirmedSeries), t.calendarUpdate],
        whenLabel: t.when,
        action: t.manage,
      };
    case 'moved':
      return {
        subject: t.movedSubject(previous, at),
        paragraphs: [t.movedIntro(previous, at), ...series(t.movedSeries), t.calendarUpdate],
        whenLabel: t.when,
        action: t.manage,
      };
    case 'cancelled':
      if (inSeries && data.cancelledBy === 'customer') {
        return {
          subject: t.skippedSubject(date),
          paragraphs: [t.skippedIntro(at), t.calendarRemove],
          whenLabel: t.when,
          action: t.manage,
        };
      }
      return {
        subject: t.cancelledSubject(date),
        paragraphs: [
          data.cancelledBy === 'customer' ? t.cancelledByCustomer(at) : t.cancelledByBusiness(at),
          ...series(t.cancelledSeries),
          t.calendarRemove,
        ],
        whenLabel: t.when,
        action: t.manage,
      };
    case 'flagged':
      return {
        subject: t.flaggedSubject,
        paragraphs: [t.flaggedIntro(at), t.flaggedNext],
        whenLabel: t.plannedFor,
        action: t.flaggedAction,
      };
    case 'assigned':
    case 'unassigned':
      throw new Error(`The ${data.kind} notice is the employee's.`);
  }
}

function employeeWords(data: VisitNoticeData, locale: Locale, ctx: RenderContext): Words {
  const t = TEXT[locale];
  const start = new Date(data.startsAt);
  const at = formatDateTime(start, locale, ctx.timeZone);
  const date = formatDate(start, locale, ctx.timeZone);
  const customer = `${data.customerFirstName} ${data.customerLastName}`.trim();
  const series = data.seriesId !== null ? [t.employeeSeries] : [];
  const base = { whenLabel: t.when, action: t.employeeAction };
  switch (data.kind) {
    case 'moved': {
      const previous = formatDateTime(new Date(data.previousStartsAt ?? data.startsAt), locale, ctx.timeZone);
      return {
        ...base,
        subject: t.employeeMovedSubject(customer, previous, at),
        paragraphs: [t.employeeMovedIntro(customer, previous, at), ...series, t.calendarUpdate],
      };
    }
    case 'cancelled':
      return {
        ...base,
        subject: t.employeeCancelledSubject(customer, date),
        paragraphs: [
          t.employeeCancelledIntro(customer, at, data.cancelledBy ?? 'business'),
          t.calendarRemove,
        ],
      };
    case 'assigned':
      return {
        ...base,
        subject: t.assignedSubject(customer, at),
        paragraphs: [t.assignedIntro(customer, at), ...series, t.calendarAdd],
      };
    case 'unassigned':
      return {
        ...base,
        subject: t.unassignedSubject(customer, date),
        paragraphs: [t.unassignedIntro(customer, at), t.calendarRemove],
      };
    case 'confirmed':
    case 'flagged':
      throw new Error(`The ${data.kind} notice is the customer's.`);
  }
}

export function renderVisitNotice(data: VisitNoticeData, locale: Locale, ctx: RenderContext): RenderedEmail {
  const t = TEXT[locale];
  const forEmployee = data.audience === 'employee';
  const words = forEmployee ? employeeWords(data, locale, ctx) : customerWords(data, locale, ctx);
  const link = forEmployee ? `${ctx.publicUrl}/employee-schedule` : `${ctx.publicUrl}/my-appointments`;
  const when = visitWhen(data.startsAt, data.endsAt, locale, ctx.timeZone);
  const whenDetail: Detail = { label: words.whenLabel, text: when, html: escapeHtml(when) };
  const where = data.address ? [textDetail(t.where, data.address)] : [];
  // The cleaner's version: who, where, when and what to do; no prices.
  const details: Detail[] = forEmployee
    ? [
        whenDetail,
        textDetail(t.customer, `${data.customerFirstName} ${data.customerLastName}`.trim()),
        ...where,
        {
          label: t.services,
          text: data.services.map((service) => service.title),
          html: data.services.map((service) => escapeHtml(service.title)).join('<br>'),
        },
      ]
    : [
        whenDetail,
        ...where,
        servicesDetail(data.services, locale),
        {
          label: t.total,
          text: priceText(data.totalPrice, locale),
          html: `<strong>${escapeHtml(priceText(data.totalPrice, locale))}</strong>`,
        },
      ];
  const change = forEmployee ? null : data.seriesId !== null ? t.seriesChange : t.customerChange;
  const greeting = t.greeting(data.recipientFirstName);
  const reference = `${t.reference}${t.sep}${data.appointmentId}`;

  const text = [
    greeting,
    '',
    words.paragraphs.join('\n\n'),
    '',
    ...detailLines(details, locale),
    '',
    ...(change ? [change] : []),
    link,
    '',
    reference,
    `— ${ctx.brandName}`,
  ].join('\n');

  const bodyHtml = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...words.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    detailsTable(details),
    button(link, words.action),
    smallPrint([...(change ? [change] : []), reference]),
  ].join('\n');

  return layoutEmail({
    locale,
    subject: words.subject,
    text,
    preheader: words.paragraphs[0],
    bodyHtml,
    footer: forEmployee ? t.employeeFooter(ctx.brandName) : t.footer(ctx.brandName),
    ctx,
  });
}
