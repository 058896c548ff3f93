import {
  VISIT_PROBLEM_KINDS,
  VISIT_PROBLEM_NOTE_MAX,
  type Locale,
  type VisitProblemKind,
} from '@eclat/shared';
import { z } from 'zod';
import { formatDateTime } from '../format.ts';
import type { RenderContext, RenderedEmail } from '../layout.ts';
import { renderLinkEmail, type LinkEmailTexts } from '../link-email.ts';

/**
 * A problem reported from the field (issue 30 §4, decision 068): the office is told at once, in its
 * language (BUSINESS_LOCALE, at CONTACT_TO), with a link to the visit where the report and its photos are.
 */
export const visitProblemDataSchema = z.object({
  appointmentId: z.uuid(),
  kind: z.enum(VISIT_PROBLEM_KINDS),
  note: z.string().min(1).max(VISIT_PROBLEM_NOTE_MAX),
  /** The cleaner's first name; null when the office recorded it without one. */
  cleanerFirstName: z.string().min(1).max(100).nullable(),
  customerName: z.string().max(210),
  startsAt: z.iso.datetime(),
  photoCount: z.number().int().min(0),
});
export type VisitProblemData = z.infer<typeof visitProblemDataSchema>;

const KIND: Record<Locale, Record<VisitProblemKind, string>> = {
  en: { damage: 'Damage', noSupplies: 'No supplies', message: 'A message for the office' },
  fr: { damage: 'Dommage', noSupplies: 'Plus de produits', message: 'Un message pour le bureau' },
};

type Words = { kind: string; who: string; when: string; customer: string; brand: string };

const TEXT: Record<Locale, (words: Words, data: VisitProblemData) => LinkEmailTexts> = {
  en: ({ kind, who, when, customer, brand }, data) => ({
    subject: `Problem reported: ${kind} (${customer})`,
    paragraphs: [
      `${who} reported a problem on the visit of ${when} for ${customer}: ${kind}.`,
      data.note,
      data.photoCount > 0
        ? `${String(data.photoCount)} photo(s) with the report. See them on the visit:`
        : 'See the report on the visit:',
    ],
    action: 'Open the visit',
    notes: [],
    footer: `${brand} · Problem report from the field.`,
  }),
  fr: ({ kind, who, when, customer, brand }, data) => ({
    subject: `Problème signalé\u00a0: ${kind} (${customer})`,
    paragraphs: [
      `${who} a signalé un problème lors de la visite du ${when} chez ${customer}\u00a0: ${kind}.`,
      data.note,
      data.photoCount > 0
        ? `${String(data.photoCount)} photo(s) avec le signalement. Voyez-les sur la visite\u00a0:`
        : 'Voyez le signalement sur la visite\u00a0:',
    ],
    action: 'Ouvrir la visite',
    notes: [],
    footer: `${brand} · Signalement de problème sur le terrain.`,
  }),
};

const THE_CLEANER: Record<Locale, string> = { en: 'The office', fr: 'Le bureau' };

export function renderVisitProblem(
  data: VisitProblemData,
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const texts = TEXT[locale](
    {
      kind: KIND[locale][data.kind],
      who: data.cleanerFirstName ?? THE_CLEANER[locale],
      when: formatDateTime(new Date(data.startsAt), locale, ctx.timeZone),
      customer: data.customerName,
      brand: ctx.brandName,
    },
    data,
  );
  const link = { url: `${ctx.publicUrl}/appointments/edit/${data.appointmentId}`, firstName: undefined };
  return renderLinkEmail(texts, link, locale, ctx);
}
