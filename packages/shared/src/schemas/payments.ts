import { z } from '../zod.ts';
import { FEE_KINDS, PAYMENT_METHODS, PAYMENT_STATES, PROVINCES, RATE_SCALE, TAX_CODES } from '../money.ts';

/**
 * Payments (issue 29): the contract of the ledger's routes. Money is in integer cents; messages are
 * translation keys. `PAYMENTS=off` leaves these routes answering 404 `PAYMENTS_OFF`.
 */

export const PAYMENTS_MODES = ['off', 'manual', 'stripe'] as const;
export type PaymentsMode = (typeof PAYMENTS_MODES)[number];

/** The most one row of the ledger can move: $100,000, the spec's largest price. */
export const MAX_PAYMENT_CENTS = 10_000_000;

const positiveCents = z
  .number({ error: 'validation.number' })
  .int('validation.wholeNumber')
  .min(1, 'payments.errors.amountPositive')
  .max(MAX_PAYMENT_CENTS, 'validation.tooLarge');

export const provinceSchema = z.enum(PROVINCES, { error: 'payments.errors.province' });

export const taxRateSchema = z
  .object({
    code: z.enum(TAX_CODES, { error: 'payments.errors.taxCode' }),
    /** Thousandths of a percent: 13 % is 13000. */
    rate: z
      .number({ error: 'validation.number' })
      .int('validation.wholeNumber')
      .min(0, 'validation.tooSmall')
      .max(RATE_SCALE / 2, 'payments.errors.rateTooHigh'),
  })
  .meta({ id: 'TaxRate' });

export const taxLineSchema = taxRateSchema.extend({ cents: z.number().int() }).meta({ id: 'TaxLine' });

/** The admin's tax settings: the business's numbers for receipts and each province's rates. */
export const taxSettingsSchema = z
  .object({
    /** The name receipts are issued in. */
    legalName: z.string().trim().max(120, 'validation.tooLong'),
    /** GST/HST registration number (e.g. 123456789 RT0001); empty when not registered. */
    gstHstNumber: z.string().trim().max(30, 'validation.tooLong'),
    /** Québec's QST number (e.g. 1234567890 TQ0001). */
    qstNumber: z.string().trim().max(30, 'validation.tooLong'),
    /** The business's address, printed on receipts and credit notes (empty: none printed). */
    address: z.string().trim().max(300, 'validation.tooLong').default(''),
    /** The province of a visit whose postal code names none. */
    homeProvince: provinceSchema,
    /** Every province's taxes, defaults filled in. */
    rates: z
      .array(
        z.object({
          province: provinceSchema,
          // A tax once per province: a second HST would print twice on every receipt.
          taxes: z
            .array(taxRateSchema)
            .max(3)
            .refine(
              (taxes) => new Set(taxes.map((tax) => tax.code)).size === taxes.length,
              'payments.errors.duplicateTax',
            ),
        }),
      )
      .max(PROVINCES.length)
      // A province once: a second entry would silently replace the first.
      .refine(
        (rates) => new Set(rates.map((entry) => entry.province)).size === rates.length,
        'payments.errors.duplicateProvince',
      ),
  })
  .meta({ id: 'TaxSettings' });
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

export const ledgerEntryKindSchema = z.enum(['payment', 'tip', 'fee', 'refund']);

export const ledgerEntrySchema = z
  .object({
    id: z.uuid(),
    kind: ledgerEntryKindSchema,
    cents: z.number().int(),
    method: z.enum(PAYMENT_METHODS).nullable(),
    feeKind: z.enum(FEE_KINDS).nullable(),
    /** A cheque's number or an e-Transfer's reference. */
    reference: z.string().nullable(),
    /** A refund's reason, a fee's or a payment's note. */
    note: z.string().nullable(),
    recordedBy: z.string().nullable(),
    /** The receipt or credit note issued for this row (`GET /receipts/{id}.pdf`); null for a fee. */
    receiptId: z.uuid().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const visitMoneySchema = z
  .object({
    priceCents: z.number().int(),
    feesCents: z.number().int(),
    taxes: z.array(taxLineSchema),
    totalCents: z.number().int(),
    paidCents: z.number().int(),
    tipsCents: z.number().int(),
    refundedCents: z.number().int(),
    creditedCents: z.number().int(),
    owedCents: z.number().int(),
    refundDueCents: z.number().int(),
    refundableCents: z.number().int(),
    state: z.enum(PAYMENT_STATES),
  })
  .meta({ id: 'VisitMoney' });

/** `GET /appointments/:id/payments`: the visit's money and its ledger, oldest row first. */
export const visitPaymentsSchema = z
  .object({
    appointmentId: z.uuid(),
    province: provinceSchema,
    money: visitMoneySchema,
    entries: z.array(ledgerEntrySchema),
  })
  .meta({ id: 'VisitPayments' });
export type VisitPayments = z.infer<typeof visitPaymentsSchema>;

/** `GET /receipts/{receiptId}.pdf`. */
export const receiptIdParamsSchema = z.object({ receiptId: z.uuid() });

/** A key the client makes once per form, so a double submit records once. */
const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'appointments.errors.idempotencyKey');
const reference = z.string().trim().max(80, 'validation.tooLong').optional();

/** `POST /appointments/:id/payments` (the office, manual mode): money received. */
export const recordPaymentBodySchema = z.object({
  kind: z.enum(['payment', 'tip'], { error: 'payments.errors.kind' }),
  method: z.enum(['cash', 'cheque', 'interac'], { error: 'payments.errors.method' }),
  cents: positiveCents,
  reference,
  idempotencyKey,
});
export type RecordPaymentBody = z.infer<typeof recordPaymentBodySchema>;

/** `POST /appointments/:id/fees` (the office): a lockout or late-cancellation fee, before tax. */
export const chargeFeeBodySchema = z.object({
  feeKind: z.enum(FEE_KINDS, { error: 'payments.errors.feeKind' }),
  cents: positiveCents,
  note: z.string().trim().max(500, 'validation.tooLong').optional(),
  idempotencyKey,
});
export type ChargeFeeBody = z.infer<typeof chargeFeeBodySchema>;

/** `POST /appointments/:id/refunds` (the admin): money given back, with a reason. */
export const refundBodySchema = z.object({
  cents: positiveCents,
  method: z.enum(PAYMENT_METHODS, { error: 'payments.errors.method' }),
  reason: z.string().trim().min(1, 'payments.errors.reasonRequired').max(500, 'validation.tooLong'),
  reference,
  idempotencyKey,
});
export type RefundBody = z.infer<typeof refundBodySchema>;

/** `GET /settings/payments` (anyone): which payments the business takes, for the screens to offer them. */
export const paymentsPolicySchema = z.object({ mode: z.enum(PAYMENTS_MODES) }).meta({ id: 'PaymentsPolicy' });
export type PaymentsPolicy = z.infer<typeof paymentsPolicySchema>;

/**
 * A visit's payment in the lists (the staff's table, My Appointments): null when `PAYMENTS=off`.
 * One grouped read of the ledger for the page's visits, never one per row.
 */
export const visitPaymentSummarySchema = z
  .object({
    state: z.enum(PAYMENT_STATES),
    totalCents: z.number().int(),
    owedCents: z.number().int(),
  })
  .meta({ id: 'VisitPaymentSummary' });
export type VisitPaymentSummary = z.infer<typeof visitPaymentSummarySchema>;

/** The card on file (PAYMENTS=stripe): what the customer is shown of it, never its number. */
export const cardOnFileSchema = z
  .object({
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
  })
  .meta({ id: 'CardOnFile' });
export type CardOnFile = z.infer<typeof cardOnFileSchema>;

/** Where to send the customer: Stripe's hosted Checkout page (a card is never typed on our pages). */
export const checkoutRedirectSchema = z.object({ url: z.url() }).meta({ id: 'CheckoutRedirect' });

/** The customer back from the hosted page: the Checkout session it completed. */
export const cardSetupDoneBodySchema = z.object({ sessionId: z.string().min(1).max(255) });

/**
 * What the customer's bank asked them to confirm (PAYMENTS=stripe, decision 060): a visit's payment that
 * the card on file could not make off session (`authentication_required`), to pay on Stripe's hosted page.
 * A tip is asked from its own dialog (its key, `tipConfirmationBodySchema`), never listed.
 */
export const CONFIRMABLE_PURPOSES = ['hold', 'charge', 'fee', 'deposit', 'tip'] as const;
export const paymentConfirmationSchema = z
  .object({
    appointmentId: z.uuid(),
    purpose: z.enum(CONFIRMABLE_PURPOSES),
    cents: z.number().int(),
  })
  .meta({ id: 'PaymentConfirmation' });
export type PaymentConfirmation = z.infer<typeof paymentConfirmationSchema>;

/** Back from the hosted page: what the session did (`confirmed`), or that it is still open. */
export const paymentConfirmationDoneSchema = paymentConfirmationSchema
  .extend({ status: z.enum(['confirmed', 'open']) })
  .meta({ id: 'PaymentConfirmationDone' });
export type PaymentConfirmationDone = z.infer<typeof paymentConfirmationDoneSchema>;
