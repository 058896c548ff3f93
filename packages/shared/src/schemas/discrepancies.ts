import { z } from '../zod.ts';
import { pageOf, pageQuery } from './primitives.ts';

/**
 * What the reconciliation with Stripe found (issue 29 §6, decisions 058 and 061), for the office's screen:
 * the kinds, a difference as `GET /payments/discrepancies` lists it, and the admin's "resolved" form.
 * Written here once: the server's route and the web screen read the same shapes.
 */
export const DISCREPANCY_KINDS = [
  /** A payment Stripe took (a capture, a charge) that our ledger lacked: written (repaired). */
  'payment_missing',
  /** A payment Stripe took for no attempt or visit of ours (a deleted visit): to look at. */
  'payment_unknown',
  /** Our ledger's amount for a payment differs from what Stripe received. */
  'amount_differs',
  /** A card payment in our ledger that Stripe does not show as taken. */
  'payment_not_at_stripe',
  /** A hold our attempt thinks live that lapsed or was cancelled at Stripe: marked (repaired). */
  'hold_lapsed',
  /** A hold live at Stripe our records do not hold (a failed or released attempt, a closed visit). */
  'hold_unexpected',
  /** A refund Stripe made on one of our payments that our ledger lacks (and the holds pass could not record). */
  'refund_missing',
  /** A card refund in our ledger that Stripe does not show as made. */
  'refund_not_at_stripe',
] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

/** The most an admin's note on a resolved difference may say. */
export const MAX_RESOLUTION_NOTE = 1000;

export const discrepancySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(DISCREPANCY_KINDS),
    /** Stripe's id of what differs (a PaymentIntent, a refund). */
    providerObjectId: z.string(),
    /** The visit it is about; null when Stripe's object names none of ours. */
    appointmentId: z.uuid().nullable(),
    /** Stripe's amount, when there is one. */
    cents: z.number().int().nullable(),
    /** The server's sentence (English, for the log and the office). */
    detail: z.string(),
    /** Already repaired by the reconciliation itself. */
    repaired: z.boolean(),
    foundAt: z.iso.datetime({ offset: true }),
    /** When the admin marked it resolved; null: still to look at. */
    resolvedAt: z.iso.datetime({ offset: true }).nullable(),
    resolutionNote: z.string().nullable(),
    /** Whether that visit is still ours (a deleted visit has no page to open). */
    visitExists: z.boolean(),
  })
  .meta({ id: 'PaymentDiscrepancy' });
export type PaymentDiscrepancy = z.infer<typeof discrepancySchema>;

/** `GET /payments/discrepancies?page=&size=`: those still to look at first, then the newest; 20 a page. */
export const discrepanciesQuerySchema = pageQuery(20);
export const discrepanciesSchema = pageOf(discrepancySchema)
  .extend({
    /** How many, on every page, are still to look at (not resolved). */
    openCount: z.number().int(),
  })
  .meta({ id: 'DiscrepanciesPage' });

/** `POST /payments/discrepancies/{id}/resolve` (admin): what was done about it, in a few words. */
export const resolveDiscrepancyBodySchema = z.object({
  note: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(MAX_RESOLUTION_NOTE, 'validation.tooLong'),
});
export type ResolveDiscrepancyBody = z.infer<typeof resolveDiscrepancyBodySchema>;
