import type { Locale } from '@eclat/shared';
import { z } from 'zod';
import { formatDate } from '../format.ts';
import type { RenderContext, RenderedEmail } from '../layout.ts';
import { renderLinkEmail, type LinkEmailTexts } from '../link-email.ts';

/**
 * After the visit (issue 15, deliverable 6): sent once when a visit is marked completed, asking the
 * customer for feedback on the spec's Submit Feedback page (`/submit-feedback`). Their feedback then
 * follows its normal path: hidden until an admin publishes it.
 */
export const feedbackRequestDataSchema = z.object({
  appointmentId: z.uuid(),
  customerFirstName: z.string().min(1).max(100),
  startsAt: z.iso.datetime(),
  /** PAYMENTS=stripe (decision 057): the email offers a tip too, by a link to My Appointments. */
  tipByCard: z.boolean().optional(),
});
export type FeedbackRequestData = z.infer<typeof feedbackRequestDataSchema>;

const TEXT: Record<Locale, (date: string, brand: string) => LinkEmailTexts> = {
  en: (date, brand) => ({
    subject: `How was your ${brand} cleaning?`,
    paragraphs: [
      `Thank you for choosing ${brand} for your cleaning of ${date}.`,
      'Could you take a minute to tell us how it went? Your stars and a few words help us do better:',
    ],
    action: 'Give my feedback',
    notes: ['Your feedback is read by our team before it appears on our website.'],
    footer: `${brand} · You receive this email because you booked a cleaning on our website.`,
  }),
  fr: (date, brand) => ({
    subject: `Comment s’est passé votre ménage ${brand}?`,
    paragraphs: [
      `Merci d’avoir choisi ${brand} pour votre ménage du ${date}.`,
      'Pourriez-vous prendre une minute pour nous dire comment ça s’est passé? Vos étoiles et quelques mots nous aident à nous améliorer\u00a0:',
    ],
    action: 'Donner mon avis',
    notes: ['Notre équipe lit votre commentaire avant qu’il paraisse sur notre site.'],
    footer: `${brand} · Vous recevez ce courriel parce que vous avez réservé un ménage sur notre site.`,
  }),
};

/** The tip's note (PAYMENTS=stripe): a link that opens "Add a tip" for this visit in My Appointments. */
const TIP_NOTE: Record<Locale, (url: string) => string> = {
  en: (url) => `Would you like to thank your cleaners? Add a tip, charged to your card on file: ${url}`,
  fr: (url) =>
    `Vous voulez remercier votre équipe? Ajoutez un pourboire, porté à votre carte enregistrée\u00a0: ${url}`,
};

export function renderFeedbackRequest(
  data: FeedbackRequestData,
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const date = formatDate(new Date(data.startsAt), locale, ctx.timeZone);
  const link = { url: `${ctx.publicUrl}/submit-feedback`, firstName: data.customerFirstName };
  const texts = TEXT[locale](date, ctx.brandName);
  const tipUrl = `${ctx.publicUrl}/my-appointments?tip=${encodeURIComponent(data.appointmentId)}`;
  const notes = data.tipByCard ? [TIP_NOTE[locale](tipUrl), ...texts.notes] : texts.notes;
  return renderLinkEmail({ ...texts, notes }, link, locale, ctx);
}
