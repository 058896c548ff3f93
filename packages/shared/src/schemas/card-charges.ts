import { z } from '../zod.ts';
import { MAX_PAYMENT_CENTS } from './payments.ts';

/**
 * Charges to the card on file besides the visit's own (issue 29, decision 057): a tip the customer adds
 * after the visit, and the owner's late-cancellation policy the cancel dialog shows before the customer
 * confirms.
 */

/** The least a tip by card may be: $1.00 (Stripe's least charge is 50 cents). */
export const MIN_CARD_TIP_CENTS = 100;
/** The most a tip may be: $500.00, well above any tip on a cleaning and a guard against a typo. */
export const MAX_TIP_CENTS = 50_000;

/** `POST /appointments/:id/tips` (the visit's customer, PAYMENTS=stripe): a tip charged to their card. */
export const addTipBodySchema = z.object({
  cents: z
    .number({ error: 'validation.number' })
    .int('validation.wholeNumber')
    .min(MIN_CARD_TIP_CENTS, 'payments.errors.tipTooSmall')
    .max(MAX_TIP_CENTS, 'payments.errors.tipTooLarge'),
  /** One per opening of the dialog: the same tip sent twice is charged once. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'appointments.errors.idempotencyKey'),
});
export type AddTipBody = z.infer<typeof addTipBodySchema>;

/** A tip the bank wants confirmed (402 BANK_CONFIRMATION_NEEDED), paid on the hosted page: its dialog's key. */
export const tipConfirmationBodySchema = z
  .object({ tipKey: addTipBodySchema.shape.idempotencyKey })
  .meta({ id: 'TipConfirmationBody' });
export type TipConfirmationBody = z.infer<typeof tipConfirmationBodySchema>;

export const LATE_CANCELLATION_POLICIES = ['call-us', 'fee'] as const;
export type LateCancellationPolicyKind = (typeof LATE_CANCELLATION_POLICIES)[number];

/**
 * `GET /settings/late-cancellation` (anyone): what a customer's cancel inside `CHANGE_CUTOFF_HOURS` does.
 * `call-us` (the default, the spec's flow): refused, the customer calls the office. `fee`: allowed, and
 * a fee of `feeCents` before tax is charged to the card on file (stripe) or recorded as owed (manual).
 */
export const lateCancellationPolicySchema = z
  .object({
    policy: z.enum(LATE_CANCELLATION_POLICIES),
    /** The fee before tax, in cents; null with `call-us`. */
    feeCents: z.number().int().nullable(),
  })
  .meta({ id: 'LateCancellationPolicy' });
export type LateCancellationPolicy = z.infer<typeof lateCancellationPolicySchema>;

/**
 * A service's deposit (decision 057): a percent of the visit's total (taxes included) or a fixed amount
 * in cents, taken at booking from the card on file with PAYMENTS=stripe; null: none.
 */
export const depositRuleSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('percent'),
      percent: z
        .number({ error: 'validation.number' })
        .int('validation.wholeNumber')
        .min(1, 'cardCharges.deposit.errors.percent')
        .max(100, 'cardCharges.deposit.errors.percent'),
    }),
    z.object({
      kind: z.literal('fixed'),
      cents: z
        .number({ error: 'validation.number' })
        .int('validation.wholeNumber')
        .min(50, 'cardCharges.deposit.errors.fixed')
        .max(MAX_PAYMENT_CENTS, 'validation.tooLarge'),
    }),
  ])
  .meta({ id: 'DepositRule' });

/** `GET|PUT /admin/services/{serviceId}/deposit` (admin): the service's deposit, or null. */
export const serviceDepositSchema = z
  .object({ deposit: depositRuleSchema.nullable() })
  .meta({ id: 'ServiceDeposit' });
export type ServiceDeposit = z.infer<typeof serviceDepositSchema>;
