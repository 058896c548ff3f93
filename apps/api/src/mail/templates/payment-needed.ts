import { CONFIRMABLE_PURPOSES, formatCents, type Locale } from '@eclat/shared';
import { z } from 'zod';
import { formatDate } from '../format.ts';
import type { RenderContext, RenderedEmail } from '../layout.ts';
import { renderLinkEmail, type LinkEmailTexts } from '../link-email.ts';

/**
 * "Payment needed" (issue 29, decision 053): the card on file was declined for a visit's hold or charge,
 * or the bank wants the customer to confirm. The link leads to their profile to save a card again on
 * Stripe's page (the next holds pass then tries the visit again), or, when the bank asked the customer to
 * confirm (decision 060), to My Appointments and its button to the hosted page in payment mode.
 */
export const paymentNeededDataSchema = z.object({
  appointmentId: z.uuid(),
  customerFirstName: z.string().min(1).max(100),
  startsAt: z.iso.datetime(),
  /**
   * The bank asked the customer to confirm (decision 060): what it was for and its amount; the link then
   * leads to My Appointments, whose button opens Stripe's hosted page for that payment.
   */
  confirm: z.object({ purpose: z.enum(CONFIRMABLE_PURPOSES), cents: z.number().int().positive() }).optional(),
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

type Purpose = (typeof CONFIRMABLE_PURPOSES)[number];

/** "Confirm with your bank": the payment named, its amount, and the way to the hosted page. */
const CONFIRM_TEXT: Record<Locale, (what: string, brand: string) => LinkEmailTexts> = {
  en: (what, brand) => ({
    subject: `Payment needed: confirm it with your bank (${brand})`,
    paragraphs: [
      `Your bank asks you to confirm ${what}`,
      'Sign in, open My Appointments and press “Confirm with my bank”: you confirm it on our payment provider’s secure page.',
    ],
    action: 'Confirm the payment',
    notes: ['Your card number is entered on our payment provider’s page, never on our website.'],
    footer: `${brand} · You receive this email because you booked a cleaning on our website.`,
  }),
  fr: (what, brand) => ({
    subject: `Paiement requis\u00a0: confirmez-le auprès de votre banque (${brand})`,
    paragraphs: [
      `Votre banque vous demande de confirmer ${what}`,
      'Connectez-vous, ouvrez Mes rendez-vous et appuyez sur «\u00a0Confirmer avec ma banque\u00a0»\u00a0: vous le confirmez sur la page sécurisée de notre fournisseur de paiement.',
    ],
    action: 'Confirmer le paiement',
    notes: [
      'Le numéro de votre carte est saisi sur la page de notre fournisseur de paiement, jamais sur notre site.',
    ],
    footer: `${brand} · Vous recevez ce courriel parce que vous avez réservé un ménage sur notre site.`,
  }),
};

/** What is confirmed, in a sentence that ends the first paragraph. */
const WHAT: Record<Locale, Record<Purpose, (amount: string, date: string) => string>> = {
  en: {
    hold: (amount, date) => `the hold of ${amount} for your cleaning of ${date}.`,
    charge: (amount, date) => `the payment of ${amount}, the rest of your cleaning of ${date}.`,
    fee: (amount, date) => `the payment of ${amount}, a fee for your cleaning of ${date}.`,
    deposit: (amount, date) => `the deposit of ${amount} for your cleaning of ${date}.`,
    tip: (amount, date) => `the tip of ${amount} for your cleaning of ${date}.`,
  },
  fr: {
    hold: (amount, date) => `la réservation de ${amount} pour votre ménage du ${date}.`,
    charge: (amount, date) => `le paiement de ${amount}, le solde de votre ménage du ${date}.`,
    fee: (amount, date) => `le paiement de ${amount}, des frais pour votre ménage du ${date}.`,
    deposit: (amount, date) => `l’acompte de ${amount} pour votre ménage du ${date}.`,
    tip: (amount, date) => `le pourboire de ${amount} pour votre ménage du ${date}.`,
  },
};

export function renderPaymentNeeded(
  data: PaymentNeededData,
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const date = formatDate(new Date(data.startsAt), locale, ctx.timeZone);
  if (data.confirm) {
    const what = WHAT[locale][data.confirm.purpose](formatCents(data.confirm.cents, locale), date);
    const texts = CONFIRM_TEXT[locale](what, ctx.brandName);
    const url = `${ctx.publicUrl}/my-appointments?confirm=${data.appointmentId}`;
    return renderLinkEmail(texts, { url, firstName: data.customerFirstName }, locale, ctx);
  }
  const link = { url: `${ctx.publicUrl}/profile?card=replace`, firstName: data.customerFirstName };
  return renderLinkEmail(TEXT[locale](date, ctx.brandName), link, locale, ctx);
}
