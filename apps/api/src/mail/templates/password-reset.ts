import type { Locale } from '@eclat/shared';
import { z } from 'zod';
import type { RenderContext, RenderedEmail } from '../layout.ts';
import { renderLinkEmail, type LinkEmailTexts } from '../link-email.ts';

export const passwordResetDataSchema = z.object({
  firstName: z.string().max(100).optional(),
  resetUrl: z.url(),
  expiresInMinutes: z.number().int().positive(),
});
export type PasswordResetData = z.infer<typeof passwordResetDataSchema>;

const TEXT: Record<Locale, (data: PasswordResetData, brand: string) => LinkEmailTexts> = {
  en: (data, brand) => ({
    subject: `Reset your ${brand} password`,
    paragraphs: [
      'We received a request to reset the password of your account. Choose a new one with this link:',
    ],
    action: 'Choose a new password',
    notes: [
      `The link works once and expires in ${data.expiresInMinutes} minutes.`,
      'If you did not ask for this, you can ignore this email: your password stays the same.',
    ],
    footer: `${brand} · You receive this email because someone asked to reset a password.`,
  }),
  fr: (data, brand) => ({
    subject: `Réinitialisez votre mot de passe ${brand}`,
    paragraphs: [
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte. Choisissez-en un nouveau avec ce lien\u00a0:',
    ],
    action: 'Choisir un nouveau mot de passe',
    notes: [
      `Le lien ne fonctionne qu’une fois et expire dans ${data.expiresInMinutes} minutes.`,
      'Si vous n’avez rien demandé, ignorez ce courriel\u00a0: votre mot de passe reste le même.',
    ],
    footer: `${brand} · Vous recevez ce courriel parce que quelqu’un a demandé la réinitialisation d’un mot de passe.`,
  }),
};

export function renderPasswordReset(
  data: PasswordResetData,
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const link = { url: data.resetUrl, firstName: data.firstName };
  return renderLinkEmail(TEXT[locale](data, ctx.brandName), link, locale, ctx);
}
