import type { Locale } from '@eclat/shared';
import { z } from 'zod';
import type { RenderContext, RenderedEmail } from '../layout.ts';
import { renderLinkEmail, type LinkEmailTexts } from '../link-email.ts';

/** Sent to the owner of an address when someone tries to create an account with it. */
export const signUpAttemptDataSchema = z.object({
  firstName: z.string().max(100).optional(),
  signInUrl: z.url(),
});
export type SignUpAttemptData = z.infer<typeof signUpAttemptDataSchema>;

const TEXT: Record<Locale, (brand: string) => LinkEmailTexts> = {
  en: (brand) => ({
    subject: `Someone tried to create an account at ${brand} with your email`,
    paragraphs: [
      `Someone just tried to create a ${brand} account with this email address, which already has an account. No new account was created.`,
      'If it was you, sign in with your password. If you have forgotten it, choose “Forgot your password?” on the sign-in page.',
    ],
    action: 'Sign in',
    notes: ['If it was not you, you can ignore this email: your account has not changed.'],
    footer: `${brand} · You receive this email because someone used your address to create an account.`,
  }),
  fr: (brand) => ({
    subject: `Quelqu’un a tenté de créer un compte ${brand} avec votre courriel`,
    paragraphs: [
      `Quelqu’un vient de tenter de créer un compte ${brand} avec cette adresse courriel, qui a déjà un compte. Aucun nouveau compte n’a été créé.`,
      'Si c’était vous, connectez-vous avec votre mot de passe. Si vous l’avez oublié, choisissez «\u00a0Mot de passe oublié?\u00a0» sur la page de connexion.',
    ],
    action: 'Se connecter',
    notes: ['Si ce n’était pas vous, ignorez ce courriel\u00a0: votre compte n’a pas changé.'],
    footer: `${brand} · Vous recevez ce courriel parce que quelqu’un a utilisé votre adresse pour créer un compte.`,
  }),
};

export function renderSignUpAttempt(
  data: SignUpAttemptData,
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const link = { url: data.signInUrl, firstName: data.firstName };
  return renderLinkEmail(TEXT[locale](ctx.brandName), link, locale, ctx);
}
