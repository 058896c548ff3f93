import type { Locale } from '@eclat/shared';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.ts';
import { button, htmlLayout, type RenderContext, type RenderedEmail } from '../layout.ts';

export const emailVerificationDataSchema = z.object({
  firstName: z.string().max(100).optional(),
  verifyUrl: z.url(),
  expiresInHours: z.number().int().positive(),
});
export type EmailVerificationData = z.infer<typeof emailVerificationDataSchema>;

const TEXT = {
  en: {
    subject: (brand: string) => `Confirm your email address for ${brand}`,
    greeting: (name?: string) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (brand: string) =>
      `Welcome to ${brand}! Confirm that this address is yours with this link, and you can book cleanings and see your appointments:`,
    action: 'Confirm my email address',
    expiry: (hours: number) => `The link works once and expires in ${hours} hours.`,
    ignore: 'If you did not create an account, you can ignore this email.',
    footer: (brand: string) =>
      `${brand} · You receive this email because an account was created with this address.`,
  },
  fr: {
    subject: (brand: string) => `Confirmez votre adresse courriel pour ${brand}`,
    greeting: (name?: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    intro: (brand: string) =>
      `Bienvenue chez ${brand}\u00a0! Confirmez que cette adresse est la vôtre avec ce lien, et vous pourrez réserver des ménages et voir vos rendez-vous\u00a0:`,
    action: 'Confirmer mon adresse courriel',
    expiry: (hours: number) => `Le lien ne fonctionne qu’une fois et expire dans ${hours} heures.`,
    ignore: 'Si vous n’avez pas créé de compte, ignorez ce courriel.',
    footer: (brand: string) =>
      `${brand} · Vous recevez ce courriel parce qu’un compte a été créé avec cette adresse.`,
  },
} as const;

export function renderEmailVerification(
  data: EmailVerificationData,
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const t = TEXT[locale];
  const subject = t.subject(ctx.brandName);
  const intro = t.intro(ctx.brandName);
  const text = [
    t.greeting(data.firstName),
    '',
    intro,
    data.verifyUrl,
    '',
    t.expiry(data.expiresInHours),
    t.ignore,
    '',
    `— ${ctx.brandName}`,
  ].join('\n');
  const bodyHtml = [
    `<p>${escapeHtml(t.greeting(data.firstName))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    button(data.verifyUrl, t.action),
    `<p style="font-size:14px;color:#4a5a60;">${escapeHtml(t.expiry(data.expiresInHours))}<br>${escapeHtml(t.ignore)}</p>`,
  ].join('\n');
  return {
    subject,
    text,
    html: htmlLayout({
      lang: locale,
      title: subject,
      preheader: intro,
      bodyHtml,
      footer: t.footer(ctx.brandName),
      ctx,
    }),
  };
}
