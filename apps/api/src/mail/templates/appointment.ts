import { APPOINTMENT_STATUSES, COMPANY_PHONE, type Locale } from '@eclat/shared';
import { z } from 'zod';
import { formatDateTime } from '../format.ts';
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

/** What the booking confirmation and the reminder know about an appointment. */
export const appointmentEmailDataSchema = z.object({
  appointmentId: z.uuid(),
  customerFirstName: z.string().min(1).max(100),
  customerLastName: z.string().max(100),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  services: z.array(z.object({ title: z.string().min(1), price: z.number().min(0) })).min(1),
  /** The price breakdown (decision 025): services, extras, surcharge, discount; absent before it. */
  lines: z.array(emailPriceLineSchema).max(100).optional(),
  total: z.number().min(0),
  address: z.string().max(500).nullable(),
  comments: z.string().max(2000).nullable(),
  /** The visit's status when the email was queued: its calendar event's STATUS (`mail/ics.ts`). */
  status: z.enum(APPOINTMENT_STATUSES).optional(),
});
export type AppointmentEmailData = z.infer<typeof appointmentEmailDataSchema>;

const TEXT = {
  en: {
    ...VISIT_TEXT.en,
    confirmationSubject: (brand: string, when: string) => `Your ${brand} cleaning is booked for ${when}`,
    reminderSubject: (brand: string, when: string) => `Reminder: your ${brand} cleaning on ${when}`,
    confirmationIntro:
      'Thank you for your booking. Here are the details; the calendar invitation is attached.',
    reminderIntro: 'A friendly reminder of your upcoming cleaning:',
    status: 'Status: pending. We will confirm your appointment shortly.',
    change: `Need to change something? You can edit or cancel the appointment from your account; close to the visit, call us at ${COMPANY_PHONE}.`,
  },
  fr: {
    ...VISIT_TEXT.fr,
    confirmationSubject: (brand: string, when: string) => `Votre ménage ${brand} est réservé pour le ${when}`,
    reminderSubject: (brand: string, when: string) => `Rappel\u00a0: votre ménage ${brand} le ${when}`,
    confirmationIntro:
      'Merci de votre réservation. En voici les détails; l’invitation de calendrier est jointe.',
    reminderIntro: 'Petit rappel de votre prochain ménage\u00a0:',
    status: 'Statut\u00a0: en attente. Nous confirmerons votre rendez-vous sous peu.',
    change: `Un changement\u00a0? Vous pouvez modifier ou annuler le rendez-vous depuis votre compte; peu avant la visite, appelez-nous au ${COMPANY_PHONE}.`,
  },
} as const;

function renderAppointment(
  kind: 'confirmation' | 'reminder',
  data: AppointmentEmailData,
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const t = TEXT[locale];
  const when = visitWhen(data.startsAt, data.endsAt, locale, ctx.timeZone);
  const shortWhen = formatDateTime(new Date(data.startsAt), locale, ctx.timeZone);
  const subject =
    kind === 'confirmation'
      ? t.confirmationSubject(ctx.brandName, shortWhen)
      : t.reminderSubject(ctx.brandName, shortWhen);
  const intro = kind === 'confirmation' ? t.confirmationIntro : t.reminderIntro;
  const total = priceText(data.total, locale);
  const myAppointments = `${ctx.publicUrl}/my-appointments`;
  const details: Detail[] = [
    { label: t.when, text: when, html: escapeHtml(when) },
    ...(data.address ? [textDetail(t.where, data.address)] : []),
    data.lines ? priceLinesDetail(data.lines, locale) : servicesDetail(data.services, locale),
    { label: t.total, text: total, html: `<strong>${escapeHtml(total)}</strong>` },
  ];
  const comments = data.comments ? textDetail(t.comments, data.comments) : null;

  const text = [
    t.greeting(data.customerFirstName),
    '',
    intro,
    '',
    ...detailLines(details, locale),
    ...(comments ? ['', ...detailLines([comments], locale)] : []),
    '',
    ...(kind === 'confirmation' ? [t.status] : []),
    t.change,
    myAppointments,
    '',
    `${t.reference}${t.sep}${data.appointmentId}`,
    `— ${ctx.brandName}`,
  ].join('\n');

  const bodyHtml = [
    `<p>${escapeHtml(t.greeting(data.customerFirstName))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    detailsTable(comments ? [...details, comments] : details),
    ...(kind === 'confirmation' ? [`<p>${escapeHtml(t.status)}</p>`] : []),
    button(myAppointments, t.manage),
    smallPrint([t.change, `${t.reference}${t.sep}${data.appointmentId}`]),
  ].join('\n');

  return layoutEmail({
    locale,
    subject,
    text,
    preheader: when,
    bodyHtml,
    footer: t.footer(ctx.brandName),
    ctx,
  });
}

export const renderBookingConfirmation = (data: AppointmentEmailData, locale: Locale, ctx: RenderContext) =>
  renderAppointment('confirmation', data, locale, ctx);

export const renderAppointmentReminder = (data: AppointmentEmailData, locale: Locale, ctx: RenderContext) =>
  renderAppointment('reminder', data, locale, ctx);
