import type { Locale } from '@eclat/shared';
import { z } from 'zod';
import { formatTime } from '../format.ts';
import type { RenderContext, RenderedEmail } from '../layout.ts';
import { renderLinkEmail, type LinkEmailTexts } from '../link-email.ts';

/**
 * "On my way" (issue 30, decision 062): the cleaner on the visit taps On my way on My Day; the customer
 * is told once per visit, in the visit's language, with the minutes the cleaner gave (or the default).
 */
export const onTheWayDataSchema = z.object({
  appointmentId: z.uuid(),
  customerFirstName: z.string().min(1).max(100),
  /** The cleaner's first name; null when the office recorded it without one. */
  cleanerFirstName: z.string().min(1).max(100).nullable(),
  etaMinutes: z.number().int().min(1).max(240),
  startsAt: z.iso.datetime(),
});
export type OnTheWayData = z.infer<typeof onTheWayDataSchema>;

type Words = { who: string; minutes: number; time: string; brand: string };

const TEXT: Record<Locale, (words: Words) => LinkEmailTexts> = {
  en: ({ who, minutes, time, brand }) => ({
    subject: `${who} is on the way`,
    paragraphs: [
      `${who} is on the way to your ${time} cleaning and expects to arrive in about ${String(minutes)} minutes.`,
      'You can follow your visit in My Appointments:',
    ],
    action: 'See my appointments',
    notes: ['If something has changed, please call us.'],
    footer: `${brand} · You receive this email because you booked a cleaning with us.`,
  }),
  fr: ({ who, minutes, time, brand }) => ({
    subject: `${who} est en route`,
    paragraphs: [
      `${who} est en route pour votre ménage de ${time} et pense arriver dans environ ${String(minutes)}\u00a0minutes.`,
      'Vous pouvez suivre votre visite dans Mes rendez-vous\u00a0:',
    ],
    action: 'Voir mes rendez-vous',
    notes: ['Si quelque chose a changé, appelez-nous.'],
    footer: `${brand} · Vous recevez ce courriel parce que vous avez réservé un ménage chez nous.`,
  }),
};

const YOUR_CLEANER: Record<Locale, string> = { en: 'Your cleaner', fr: 'Votre préposé(e) au ménage' };

export function renderOnTheWay(data: OnTheWayData, locale: Locale, ctx: RenderContext): RenderedEmail {
  const texts = TEXT[locale]({
    who: data.cleanerFirstName ?? YOUR_CLEANER[locale],
    minutes: data.etaMinutes,
    time: formatTime(new Date(data.startsAt), locale, ctx.timeZone),
    brand: ctx.brandName,
  });
  return renderLinkEmail(
    texts,
    { url: `${ctx.publicUrl}/my-appointments`, firstName: data.customerFirstName },
    locale,
    ctx,
  );
}
