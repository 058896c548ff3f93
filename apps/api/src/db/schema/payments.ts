import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  FEE_KINDS,
  PAYMENT_METHODS,
  type DiscrepancyKind,
  type Province,
  type ReceiptDocument,
  type TaxRate,
} from '@eclat/shared';
import { appointments } from './appointments.ts';
import { id } from './columns.ts';

export const ledgerKindEnum = pgEnum('ledger_kind', ['payment', 'tip', 'fee', 'refund']);
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const feeKindEnum = pgEnum('fee_kind', FEE_KINDS);
export const receiptKindEnum = pgEnum('receipt_kind', ['receipt', 'credit_note']);

/**
 * A visit's money, one row per movement (issue 29, decision 048): payments, tips, fees, refunds, in cents.
 * Append-only: a trigger refuses UPDATE and DELETE (migration 0022), so a total is always folded from the
 * rows (`visitMoney`), never overwritten. `recorded_by_user_id` has no foreign key on purpose: deleting
 * an account must not rewrite (or be blocked by) the history of who recorded what.
 */
export const paymentLedger = pgTable(
  'payment_ledger',
  {
    id: id(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'restrict' }),
    kind: ledgerKindEnum('kind').notNull(),
    cents: integer('cents').notNull(),
    /** How the money moved; null for a fee (charged, not received). */
    method: paymentMethodEnum('method'),
    feeKind: feeKindEnum('fee_kind'),
    /** A cheque's number, an e-Transfer's reference. */
    reference: text('reference'),
    /** A refund's reason, a fee's note. */
    note: text('note'),
    recordedByUserId: uuid('recorded_by_user_id'),
    /** The client's key of the form that wrote the row: a retry finds the row instead of adding one. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The card adapter's (next session): which provider, and its ids of the payment and the refund. */
    provider: text('provider'),
    providerPaymentId: text('provider_payment_id'),
    providerRefundId: text('provider_refund_id'),
    /**
     * A refund's parts, decided when it was written (`refundParts`, decision 054): given back beyond the
     * total, credited on what the visit costs, tips. Null on other rows and on refunds written before.
     */
    refundOverpaymentCents: integer('refund_overpayment_cents'),
    refundCreditCents: integer('refund_credit_cents'),
    refundTipsCents: integer('refund_tips_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_ledger_cents_positive', sql`${t.cents} > 0`),
    check('payment_ledger_method_unless_fee', sql`(${t.kind} = 'fee') = (${t.method} is null)`),
    check('payment_ledger_fee_kind_of_fee', sql`(${t.kind} = 'fee') = (${t.feeKind} is not null)`),
    check(
      'payment_ledger_refund_parts',
      sql`(${t.refundOverpaymentCents} is null and ${t.refundCreditCents} is null and ${t.refundTipsCents} is null)
        or (${t.kind} = 'refund' and ${t.refundOverpaymentCents} >= 0 and ${t.refundCreditCents} >= 0
          and ${t.refundTipsCents} >= 0
          and ${t.refundOverpaymentCents} + ${t.refundCreditCents} + ${t.refundTipsCents} = ${t.cents})`,
    ),
    uniqueIndex('payment_ledger_idempotency_uq').on(t.appointmentId, t.idempotencyKey),
    // A visit's rows in order (its payments read, the lists' grouped read).
    index('payment_ledger_appointment_idx').on(t.appointmentId, t.createdAt),
    // The owner's overview and the accountant's CSV, by when the money moved.
    index('payment_ledger_created_idx').on(t.createdAt),
  ],
);

/**
 * The business's tax settings (one row, id 1): the name and numbers receipts carry, the province of a
 * visit whose postal code names none, and the provinces whose taxes the admin changed (the others:
 * `DEFAULT_TAX_RATES`). No row: the defaults.
 */
export const taxSettings = pgTable(
  'tax_settings',
  {
    id: smallint('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    gstHstNumber: text('gst_hst_number').notNull().default(''),
    qstNumber: text('qst_number').notNull().default(''),
    /** The business's address as receipts and credit notes print it (decision 054); empty: none. */
    address: text('address').notNull().default(''),
    homeProvince: text('home_province').$type<Province>().notNull(),
    rateOverrides: jsonb('rate_overrides')
      .$type<Partial<Record<Province, TaxRate[]>>>()
      .notNull()
      .default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('tax_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * The receipts' gapless numbering (one row per business): incremented in the transaction that writes the
 * receipt, so a rolled-back payment gives its number back (a sequence would leave a hole).
 */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    business: text('business').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('receipt_counters_positive', sql`${t.lastNumber} > 0`)],
);

/** A receipt (a payment, a tip) or a credit note (a refund): its number and what it said, once. */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    number: integer('number').notNull(),
    kind: receiptKindEnum('kind').notNull(),
    ledgerEntryId: uuid('ledger_entry_id')
      .notNull()
      .references(() => paymentLedger.id, { onDelete: 'restrict' }),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    locale: text('locale').notNull(),
    /** What the receipt said when it was issued (`receiptDocumentSchema`), rendered from it ever after. */
    document: jsonb('document').$type<ReceiptDocument>().notNull(),
  },
  (t) => [
    uniqueIndex('receipts_number_uq').on(t.number),
    uniqueIndex('receipts_ledger_entry_uq').on(t.ledgerEntryId),
    index('receipts_appointment_idx').on(t.appointmentId),
  ],
);

/** `tip`, `fee`, `deposit` (decision 057): a tip, a fee, a booking's deposit, charged to the card on file. */
export const paymentAttemptPurposeEnum = pgEnum('payment_attempt_purpose', [
  'hold',
  'charge',
  'tip',
  'fee',
  'deposit',
]);
export const paymentAttemptStatusEnum = pgEnum('payment_attempt_status', [
  'pending',
  'held',
  'failed',
  'canceled',
  'captured',
  /** Waiting for the customer on Stripe's hosted page (the bank asked them to confirm; decision 060). */
  'confirming',
]);

/**
 * What we asked the card provider to do for a visit, before and after it answered (PAYMENTS=stripe,
 * decision 053): a hold (an authorisation, not money: the ledger does not count it) or a second charge.
 * The row is written with its idempotency key BEFORE the call, so a crash after the provider's answer
 * leaves a `pending` row whose next run sends the same key and finds the same PaymentIntent.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: id(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'restrict' }),
    purpose: paymentAttemptPurposeEnum('purpose').notNull(),
    attempt: integer('attempt').notNull(),
    /** `visit:<id>:hold:<attempt>`: the key every call about this attempt carries. */
    idempotencyKey: text('idempotency_key').notNull(),
    cents: integer('cents').notNull(),
    status: paymentAttemptStatusEnum('status').notNull().default('pending'),
    providerPaymentId: text('provider_payment_id'),
    /** Stripe's decline or error code of a failed attempt (`card_declined`, `authentication_required`). */
    failureCode: text('failure_code'),
    /**
     * The key of the form that asked for it (a tip's dialog, a fee's form; decision 057): the same form
     * sent again finds this attempt (and its Stripe key) instead of making a second one. Null for the
     * attempts the holds pass makes.
     */
    requestKey: text('request_key'),
    /**
     * Calls of this attempt that got no answer from Stripe (a timeout, the network, a 5xx; not a decline):
     * a tip, fee or deposit is tried again with the same key on a backoff, a bounded number of times
     * (decision 061, `card-charge-retries.ts`).
     */
    transientFailures: integer('transient_failures').notNull().default(0),
    /**
     * A `confirming` attempt's Checkout session in payment mode (decision 060): the page where the customer
     * pays what their bank wanted confirmed; the PaymentIntent it makes carries this attempt's key.
     */
    checkoutSessionId: text('checkout_session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_attempts_cents_positive', sql`${t.cents} > 0`),
    uniqueIndex('payment_attempts_key_uq').on(t.idempotencyKey),
    uniqueIndex('payment_attempts_request_uq').on(t.appointmentId, t.requestKey),
    uniqueIndex('payment_attempts_attempt_uq').on(t.appointmentId, t.purpose, t.attempt),
    index('payment_attempts_provider_idx').on(t.providerPaymentId),
  ],
);

/** Stripe's events, by id: each is applied once (its row and its effects commit together). */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who a tip is for (decision 057): the tip's ledger row split evenly between the cleaners assigned to the
 * visit when it was given (`splitEvenly`, the first shares a cent larger), one row each, for a pay report.
 * No foreign key to employees, as with `recorded_by_user_id`: removing a cleaner must neither rewrite nor
 * be blocked by what they were given. A tip on a visit without cleaners has no shares (the business's).
 */
export const tipShares = pgTable(
  'tip_shares',
  {
    ledgerEntryId: uuid('ledger_entry_id')
      .notNull()
      .references(() => paymentLedger.id, { onDelete: 'restrict' }),
    employeeId: uuid('employee_id').notNull(),
    cents: integer('cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ledgerEntryId, t.employeeId] }),
    check('tip_shares_cents_positive', sql`${t.cents} > 0`),
    index('tip_shares_employee_idx').on(t.employeeId, t.createdAt),
  ],
);

/**
 * What the reconciliation found between Stripe and our records (decision 058), once per kind and Stripe
 * object: repaired (a capture Stripe has that the ledger lacked, now written) or to look at. No foreign
 * key on the visit: a difference about a deleted visit is still worth reading.
 */
export const paymentDiscrepancies = pgTable(
  'payment_discrepancies',
  {
    id: id(),
    kind: text('kind').$type<DiscrepancyKind>().notNull(),
    /** Stripe's id of what differs (a PaymentIntent, a refund). */
    providerObjectId: text('provider_object_id').notNull(),
    appointmentId: uuid('appointment_id'),
    /** Stripe's amount, when there is one. */
    cents: integer('cents'),
    /** What differs, in a sentence (for the office and the log). */
    detail: text('detail').notNull(),
    repaired: boolean('repaired').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the admin marked it looked at (decision 061); null: still to look at. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: uuid('resolved_by_user_id'),
    /** What the admin did about it. */
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    uniqueIndex('payment_discrepancies_kind_object_uq').on(t.kind, t.providerObjectId),
    index('payment_discrepancies_found_idx').on(t.foundAt),
  ],
);
