import type { Locale } from '@eclat/shared';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.ts';
import { button, htmlLayout, type RenderContext, type RenderedEmail } from '../layout.ts';

/** Sent to the owner of an address when someone tries to create an account with it. */
export const signUpAttemptDataSchema = z.object({
  firstName: z.string().max(100).optional(),
  signInUrl: z.url(),
});
export type SignUpAttemptData = z.infer<typeof signUpAttemptDataSchema>;

const TEXT = {
  en: {
    subject: (brand: string) => `Someone tried to create an account at ${brand} with your email`,
    greeting: (name?: string) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (brand: string) =>
      `Someone just tried to create a ${brand} account with this email address, which already has an account. No new account was created.`,
    ifYou:
      'If it was you, sign in with your password. If you have forgotten it, choose “Forgot your password?” on the sign-in page.',
    action: 'Sign in',
    ignore: 'If it was not you, you can ignore this email: your account has not changed.',
    footer: (brand: string) =>
      `${brand} · You receive this email because someone used your address to create an account.`,
  },
  fr: {
    subject: (brand: string) => `Quelqu’un a tenté de créer un compte ${brand} avec votre courriel`,
    greeting: (name?: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    intro: (brand: string) =>
      `Quelqu’un vient de tenter de créer un compte ${brand} avec cette adresse courriel, qui a déjà un compte. Aucun nouveau compte n’a été créé.`,
    ifYou:
      'Si c’était vous, connectez-vous avec votre mot de passe. Si vous l’avez oublié, choisissez «\u00a0Mot de passe oublié?\u00a0» sur la page de connexion.',
    action: 'Se connecter',
    ignore: 'Si ce n’était pas vous, ignorez ce courriel\u00a0: votre compte n’a pas changé.',
    footer: (brand: string) =>
      `${brand} · Vous recevez ce courriel parce que quelqu’un a utilisé votre adresse pour créer un compte.`,
  },
} as const;

export function renderSignUpAttempt(
  data: SignUpAttemptData,
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
    '',
    t.ifYou,
    data.signInUrl,
    '',
    t.ignore,
    '',
    `— ${ctx.brandName}`,
  ].join('\n');
  const bodyHtml = [
    `<p>${escapeHtml(t.greeting(data.firstName))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(t.ifYou)}</p>`,
    button(data.signInUrl, t.action),
    `<p style="font-size:14px;color:#4a5a60;">${escapeHtml(t.ignore)}</p>`,
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
