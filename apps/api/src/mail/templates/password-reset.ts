import type { Locale } from '@eclat/shared';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.ts';
import { button, htmlLayout, type RenderContext, type RenderedEmail } from '../layout.ts';

export const passwordResetDataSchema = z.object({
  firstName: z.string().max(100).optional(),
  resetUrl: z.url(),
  expiresInMinutes: z.number().int().positive(),
});
export type PasswordResetData = z.infer<typeof passwordResetDataSchema>;

const TEXT = {
  en: {
    subject: (brand: string) => `Reset your ${brand} password`,
    greeting: (name?: string) => (name ? `Hello ${name},` : 'Hello,'),
    intro: 'We received a request to reset the password of your account. Choose a new one with this link:',
    action: 'Choose a new password',
    expiry: (minutes: number) => `The link works once and expires in ${minutes} minutes.`,
    ignore: 'If you did not ask for this, you can ignore this email: your password stays the same.',
    footer: (brand: string) => `${brand} · You receive this email because someone asked to reset a password.`,
  },
  fr: {
    subject: (brand: string) => `Réinitialisez votre mot de passe ${brand}`,
    greeting: (name?: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    intro:
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte. Choisissez-en un nouveau avec ce lien\u00a0:',
    action: 'Choisir un nouveau mot de passe',
    expiry: (minutes: number) => `Le lien ne fonctionne qu’une fois et expire dans ${minutes} minutes.`,
    ignore: 'Si vous n’avez rien demandé, ignorez ce courriel\u00a0: votre mot de passe reste le même.',
    footer: (brand: string) =>
      `${brand} · Vous recevez ce courriel parce que quelqu’un a demandé la réinitialisation d’un mot de passe.`,
  },
} as const;

export function renderPasswordReset(
  data: PasswordResetData,
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const t = TEXT[locale];
  const subject = t.subject(ctx.brandName);
  const text = [
    t.greeting(data.firstName),
    '',
    t.intro,
    data.resetUrl,
    '',
    t.expiry(data.expiresInMinutes),
    t.ignore,
    '',
    `— ${ctx.brandName}`,
  ].join('\n');
  const bodyHtml = [
    `<p>${escapeHtml(t.greeting(data.firstName))}</p>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    button(data.resetUrl, t.action),
    `<p style="font-size:14px;color:#4a5a60;">${escapeHtml(t.expiry(data.expiresInMinutes))}<br>${escapeHtml(t.ignore)}</p>`,
  ].join('\n');
  return {
    subject,
    text,
    html: htmlLayout({
      lang: locale,
      title: subject,
      preheader: t.intro,
      bodyHtml,
      footer: t.footer(ctx.brandName),
      ctx,
    }),
  };
}
