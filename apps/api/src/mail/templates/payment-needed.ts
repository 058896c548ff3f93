import type { Locale } from '@eclat/shared';
import { z } from 'zod';
import { formatDate } from '../format.ts';
import type { RenderContext, RenderedEmail } from '../layout.ts';
import { renderLinkEmail, type LinkEmailTexts } from '../link-email.ts';

/**
 * "Payment needed" (issue 29, decision 053): the card on file was declined for a visit's hold or charge,
 * or the bank wants the customer to confirm. The link leads to their profile to save a card again on
 * Stripe's page; the next holds pass then tries the visit again.
 */
export const paymentNeededDataSchema = z.object({
  appointmentId: z.uuid(),
  customerFirstName: z.string().min(1).max(100),
  startsAt: z.iso.datetime(),
});
export type PaymentNeededData = z.infer<typeof paymentNeededDataSchema>;

const TEXT: Record<Locale, (date: string, brand: string) => LinkEmailTexts> = {
  en: (date, brand) => ({
    subject: `Payment needed for your ${brand} cleaning`,
    paragraphs: [
      `We could not hold the amount of your cleaning of ${date} on your card: your bank declined it or asks you to confirm it.`,
      'Please add your card again, or another card, on our secure payment page:',
    ],
    action: 'Update my card',
    notes: ['Your card number is entered on our payment provider’s page, never on our website.'],
    footer: `${brand} · You receive this email because you booked a cleaning on our website.`,
  }),
  fr: (date, brand) => ({
    subject: `Paiement requis pour votre ménage ${brand}`,
    paragraphs: [
      `Nous n’avons pas pu réserver le montant de votre ménage du ${date} sur votre carte\u00a0: votre banque l’a refusé ou vous demande de le confirmer.`,
      'Veuillez enregistrer de nouveau votre carte, ou une autre carte, sur notre page de paiement sécurisée\u00a0:',
    ],
    action: 'Mettre à jour ma carte',
    notes: [
      'Le numéro de votre carte est saisi sur la page de notre fournisseur de paiement, jamais sur notre site.',
    ],
    footer: `${brand} · Vous recevez ce courriel parce que vous avez réservé un ménage sur notre site.`,
  }),
};

export function renderPaymentNeeded(
  data: PaymentNeededData,
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const date = formatDate(new Date(data.startsAt), locale, ctx.timeZone);
  const link = { url: `${ctx.publicUrl}/profile?card=replace`, firstName: data.customerFirstName };
  return renderLinkEmail(TEXT[locale](date, ctx.brandName), link, locale, ctx);
}
