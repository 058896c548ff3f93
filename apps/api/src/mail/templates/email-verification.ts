import type { Locale } from '@eclat/shared';
import { z } from 'zod';
import type { RenderContext, RenderedEmail } from '../layout.ts';
import { renderLinkEmail, type LinkEmailTexts } from '../link-email.ts';

/** No name: the address is not confirmed, so nothing typed at sign-up goes to it. */
export const emailVerificationDataSchema = z.object({
  verifyUrl: z.url(),
  expiresInHours: z.number().int().positive(),
});
export type EmailVerificationData = z.infer<typeof emailVerificationDataSchema>;

const TEXT: Record<Locale, (data: EmailVerificationData, brand: string) => LinkEmailTexts> = {
  en: (data, brand) => ({
    subject: `Confirm your email address for ${brand}`,
    paragraphs: [
      `Welcome to ${brand}! Confirm that this address is yours with this link, and you can book cleanings and see your appointments:`,
    ],
    action: 'Confirm my email address',
    notes: [
      `The link works once and expires in ${data.expiresInHours} hours.`,
      'If you did not create an account, you can ignore this email.',
    ],
    footer: `${brand} · You receive this email because an account was created with this address.`,
  }),
  fr: (data, brand) => ({
    subject: `Confirmez votre adresse courriel pour ${brand}`,
    paragraphs: [
      `Bienvenue chez ${brand}\u00a0! Confirmez que cette adresse est la vôtre avec ce lien, et vous pourrez réserver des ménages et voir vos rendez-vous\u00a0:`,
    ],
    action: 'Confirmer mon adresse courriel',
    notes: [
      `Le lien ne fonctionne qu’une fois et expire dans ${data.expiresInHours} heures.`,
      'Si vous n’avez pas créé de compte, ignorez ce courriel.',
    ],
    footer: `${brand} · Vous recevez ce courriel parce qu’un compte a été créé avec cette adresse.`,
  }),
};

export function renderEmailVerification(
  data: EmailVerificationData,
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const link = { url: data.verifyUrl, firstName: undefined };
  return renderLinkEmail(TEXT[locale](data, ctx.brandName), link, locale, ctx);
}
