import type { Locale } from '@eclat/shared';
import { z } from 'zod';
import { formatDateTime } from '../format.ts';
import { escapeHtml, escapeMultiline } from '../../lib/html.ts';
import { layoutEmail, type RenderContext, type RenderedEmail } from '../layout.ts';

export const contactMessageDataSchema = z.object({
  name: z.string().min(1).max(200),
  email: z.email(),
  subject: z.string().min(1).max(300),
  message: z.string().min(1).max(10_000),
  sentAt: z.iso.datetime(),
});
export type ContactMessageData = z.infer<typeof contactMessageDataSchema>;

const TEXT = {
  en: {
    subject: (subject: string) => `Contact form: ${subject}`,
    intro: (name: string) => `${name} wrote through the website's contact form.`,
    from: 'From',
    subjectLabel: 'Subject',
    sent: 'Sent',
    reply: 'Reply to this email to answer them directly.',
    sep: ': ',
    footer: (brand: string) => `${brand} · Message from the website's contact form.`,
  },
  fr: {
    subject: (subject: string) => `Formulaire de contact\u00a0: ${subject}`,
    intro: (name: string) => `${name} a écrit au moyen du formulaire de contact du site.`,
    from: 'De',
    subjectLabel: 'Objet',
    sent: 'Envoyé',
    reply: 'Répondez à ce courriel pour lui répondre directement.',
    sep: '\u00a0: ',
    footer: (brand: string) => `${brand} · Message du formulaire de contact du site.`,
  },
} as const;

/** Sent to the business (CONTACT_TO); Reply-To is the visitor. */
export function renderContactMessage(
  data: ContactMessageData,
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const t = TEXT[locale];
  const sentAt = formatDateTime(new Date(data.sentAt), locale, ctx.timeZone);
  const subject = t.subject(data.subject);
  const text = [
    t.intro(data.name),
    '',
    `${t.from}${t.sep}${data.name} <${data.email}>`,
    `${t.subjectLabel}${t.sep}${data.subject}`,
    `${t.sent}${t.sep}${sentAt}`,
    '',
    data.message,
    '',
    t.reply,
  ].join('\n');
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 16px 4px 0;color:#4a5a60;white-space:nowrap;">${escapeHtml(label)}</td><td style="padding:4px 0;">${escapeHtml(value)}</td></tr>`;
  const bodyHtml = [
    `<p>${escapeHtml(t.intro(data.name))}</p>`,
    `<table role="presentation" cellspacing="0" cellpadding="0" style="font-size:15px;margin:16px 0;">`,
    row(t.from, `${data.name} <${data.email}>`),
    row(t.subjectLabel, data.subject),
    row(t.sent, sentAt),
    `</table>`,
    `<div style="background:#f7f4ee;border-radius:8px;padding:16px 20px;white-space:normal;">${escapeMultiline(data.message)}</div>`,
    `<p style="font-size:14px;color:#4a5a60;">${escapeHtml(t.reply)}</p>`,
  ].join('\n');
  return layoutEmail({
    locale,
    subject,
    text,
    preheader: data.subject,
    bodyHtml,
    footer: t.footer(ctx.brandName),
    ctx,
  });
}
