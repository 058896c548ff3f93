import type { Locale } from '@eclat/shared';
import { z } from 'zod';
import { formatDateTime, formatMoney, formatTime } from '../format.ts';
import { escapeHtml, escapeMultiline } from '../../lib/html.ts';
import { button, layoutEmail, type RenderContext, type RenderedEmail } from '../layout.ts';

/** What the booking confirmation and the reminder know about an appointment. */
export const appointmentEmailDataSchema = z.object({
  appointmentId: z.uuid(),
  customerFirstName: z.string().min(1).max(100),
  customerLastName: z.string().max(100),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  services: z.array(z.object({ title: z.string().min(1), price: z.number().min(0) })).min(1),
  total: z.number().min(0),
  address: z.string().max(500).nullable(),
  comments: z.string().max(2000).nullable(),
});
export type AppointmentEmailData = z.infer<typeof appointmentEmailDataSchema>;

const TEXT = {
  en: {
    confirmationSubject: (brand: string, when: string) => `Your ${brand} cleaning is booked for ${when}`,
    reminderSubject: (brand: string, when: string) => `Reminder: your ${brand} cleaning on ${when}`,
    greeting: (name: string) => `Hello ${name},`,
    confirmationIntro:
      'Thank you for your booking. Here are the details; the calendar invitation is attached.',
    reminderIntro: 'A friendly reminder of your upcoming cleaning:',
    when: 'When',
    where: 'Where',
    services: 'Services',
    total: 'Total',
    quote: 'Contact for pricing',
    comments: 'Your comments',
    status: 'Status: pending. We will confirm your appointment shortly.',
    manage: 'See my appointments',
    change: 'Need to change something? You can edit or cancel the appointment from your account.',
    reference: 'Reference',
    sep: ': ',
    footer: (brand: string) =>
      `${brand} · You receive this email because you booked a cleaning on our website.`,
  },
  fr: {
    confirmationSubject: (brand: string, when: string) => `Votre ménage ${brand} est réservé pour le ${when}`,
    reminderSubject: (brand: string, when: string) => `Rappel\u00a0: votre ménage ${brand} le ${when}`,
    greeting: (name: string) => `Bonjour ${name},`,
    confirmationIntro:
      'Merci de votre réservation. En voici les détails; l’invitation de calendrier est jointe.',
    reminderIntro: 'Petit rappel de votre prochain ménage\u00a0:',
    when: 'Quand',
    where: 'Où',
    services: 'Services',
    total: 'Total',
    quote: 'Prix sur demande',
    comments: 'Vos commentaires',
    status: 'Statut\u00a0: en attente. Nous confirmerons votre rendez-vous sous peu.',
    manage: 'Voir mes rendez-vous',
    change: 'Un changement\u00a0? Vous pouvez modifier ou annuler le rendez-vous depuis votre compte.',
    reference: 'Référence',
    sep: '\u00a0: ',
    footer: (brand: string) =>
      `${brand} · Vous recevez ce courriel parce que vous avez réservé un ménage sur notre site.`,
  },
} as const;

function renderAppointment(
  kind: 'confirmation' | 'reminder',
  data: AppointmentEmailData,
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const t = TEXT[locale];
  const start = new Date(data.startsAt);
  const when = `${formatDateTime(start, locale, ctx.timeZone)} – ${formatTime(new Date(data.endsAt), locale, ctx.timeZone)}`;
  const shortWhen = formatDateTime(start, locale, ctx.timeZone);
  const subject =
    kind === 'confirmation'
      ? t.confirmationSubject(ctx.brandName, shortWhen)
      : t.reminderSubject(ctx.brandName, shortWhen);
  const intro = kind === 'confirmation' ? t.confirmationIntro : t.reminderIntro;
  const price = (amount: number) => (amount > 0 ? formatMoney(amount, locale) : t.quote);
  const myAppointments = `${ctx.publicUrl}/my-appointments`;

  const text = [
    t.greeting(data.customerFirstName),
    '',
    intro,
    '',
    `${t.when}${t.sep}${when}`,
    ...(data.address ? [`${t.where}${t.sep}${data.address}`] : []),
    `${t.services}${t.sep.trimEnd()}`,
    ...data.services.map((service) => `  - ${service.title}${t.sep}${price(service.price)}`),
    `${t.total}${t.sep}${price(data.total)}`,
    ...(data.comments ? ['', `${t.comments}${t.sep}${data.comments}`] : []),
    '',
    ...(kind === 'confirmation' ? [t.status] : []),
    t.change,
    myAppointments,
    '',
    `${t.reference}${t.sep}${data.appointmentId}`,
    `— ${ctx.brandName}`,
  ].join('\n');

  const row = (label: string, valueHtml: string) =>
    `<tr><td style="padding:6px 16px 6px 0;color:#4a5a60;vertical-align:top;white-space:nowrap;">${escapeHtml(label)}</td><td style="padding:6px 0;">${valueHtml}</td></tr>`;
  const servicesHtml = data.services
    .map(
      (service) =>
        `${escapeHtml(service.title)} <span style="color:#4a5a60;">(${escapeHtml(price(service.price))})</span>`,
    )
    .join('<br>');
  const bodyHtml = [
    `<p>${escapeHtml(t.greeting(data.customerFirstName))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table role="presentation" cellspacing="0" cellpadding="0" style="font-size:15px;margin:16px 0;">`,
    row(t.when, escapeHtml(when)),
    ...(data.address ? [row(t.where, escapeHtml(data.address))] : []),
    row(t.services, servicesHtml),
    row(t.total, `<strong>${escapeHtml(price(data.total))}</strong>`),
    ...(data.comments ? [row(t.comments, escapeMultiline(data.comments))] : []),
    `</table>`,
    ...(kind === 'confirmation' ? [`<p>${escapeHtml(t.status)}</p>`] : []),
    button(myAppointments, t.manage),
    `<p style="font-size:14px;color:#4a5a60;">${escapeHtml(t.change)}<br>${escapeHtml(t.reference + t.sep)}${escapeHtml(data.appointmentId)}</p>`,
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
