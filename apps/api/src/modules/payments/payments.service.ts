import { eq, sql } from 'drizzle-orm';
import {
  addressLine,
  centsOf,
  DEFAULT_TAX_RATES,
  FEE_KINDS,
  PROVINCES,
  provinceOfPostalCode,
  refundParts,
  sumCents,
  visitMoney,
  type Appointment,
  type ChargeFeeBody,
  type FeeKind,
  type LedgerAmount,
  type Locale,
  type PaymentMethod,
  type PaymentsPolicy,
  type Province,
  type RecordPaymentBody,
  type RefundBody,
  type TaxRate,
  type TaxSettings,
  type VisitMoney,
  type VisitMoneyInput,
  type VisitPayments,
  type VisitPaymentSummary,
} from '@eclat/shared';
import { appMeta, DEMO_SEEDED_KEY } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { receiptFilename, renderReceiptPdf } from '../../mail/receipt-pdf.ts';
import { VISIT_TEXT } from '../../mail/templates/visit-details.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { Jobs, Transaction } from '../../plugins/jobs.ts';
import { findOwnCustomer, isTheirs } from '../auth/ownership.ts';
import { paymentsOff, type PaymentProvider } from './payment-provider.ts';
import {
  findCustomerContact,
  findEntryByKey,
  findLedger,
  findPaidVisit,
  findReceipt,
  findServiceLines,
  findTaxSettings,
  insertEntry,
  insertReceipt,
  ledgerAmountsOf,
  lockPaidVisit,
  nextReceiptNumber,
  paymentNeededOf,
  saveTaxSettings,
  type LedgerRow,
  type PaidVisit,
  type RateOverrides,
} from './payments.repository.ts';
import type { StripeCard } from './stripe-client.ts';
import type { ReceiptDocument } from './receipt-document.ts';

/**
 * The money of a visit (issue 29, decision 048): a ledger per visit, read by `visitMoney` (packages/shared)
 * and written here, one row per movement, each in one transaction that locks the visit's row first (so
 * two refunds never both fit in what was refundable), finds a retried form by its idempotency key, and
 * writes the receipt (a payment, a tip) or the credit note (a refund) with the next gapless number.
 * The provider port (`payment-provider.ts`) does what happens outside our database.
 */

export type PaymentsDeps = {
  db: Db;
  jobs: Jobs;
  provider: PaymentProvider;
  /** With PAYMENTS=stripe: the Stripe client and its settings (decision 053); null in the other modes. */
  card?: StripeCard | null;
  /** The name receipts carry until the admin sets a legal name, and the time zone they are written in. */
  business: { brandName: string; timeZone: string };
};

type Caller = Pick<AuthContext, 'userId' | 'email' | 'emailVerified' | 'permissions'>;

/**
 * The mode of this database: `PAYMENTS` when set; unset, `manual` on the demo's database (the first
 * start wrote the demo) and `off` on any other, so an existing install keeps the spec's flow.
 */
export async function resolvePaymentsMode(
  db: Db,
  configured: 'off' | 'manual' | 'stripe' | undefined,
): Promise<'off' | 'manual' | 'stripe'> {
  if (configured) return configured;
  const [demo] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_SEEDED_KEY));
  return demo ? 'manual' : 'off';
}

export function paymentsPolicy(provider: PaymentProvider): PaymentsPolicy {
  return { mode: provider.mode };
}

function requireOn(provider: PaymentProvider): void {
  if (provider.mode === 'off') throw paymentsOff();
}

// ---- tax settings ----

/** Every province's taxes: the admin's where they changed them, the defaults elsewhere. */
function ratesOf(overrides: RateOverrides): TaxSettings['rates'] {
  return PROVINCES.map((province) => ({
    province,
    taxes: [...(overrides[province] ?? DEFAULT_TAX_RATES[province])],
  }));
}

/** The tax settings, defaults filled in (a business that saved none: its brand, Ontario, the defaults). */
export async function readTaxSettings(db: Db, brandName: string): Promise<TaxSettings> {
  const row = await findTaxSettings(db);
  return {
    legalName: row?.legalName ?? brandName,
    gstHstNumber: row?.gstHstNumber ?? '',
    qstNumber: row?.qstNumber ?? '',
    homeProvince: row?.homeProvince ?? 'ON',
    rates: ratesOf(row?.rateOverrides ?? {}),
  };
}

export async function taxSettingsFor(deps: PaymentsDeps): Promise<TaxSettings> {
  requireOn(deps.provider);
  return readTaxSettings(deps.db, deps.business.brandName);
}

const sameTaxes = (a: readonly TaxRate[], b: readonly TaxRate[]) =>
  a.length === b.length && a.every((tax, index) => tax.code === b[index]?.code && tax.rate === b[index].rate);

/** The admin saves the settings; only the provinces whose taxes differ from the defaults are kept. */
export async function saveTaxSettingsFor(deps: PaymentsDeps, input: TaxSettings): Promise<TaxSettings> {
  requireOn(deps.provider);
  const { rates, ...fields } = input;
  const rateOverrides: RateOverrides = {};
  for (const { province, taxes } of rates) {
    if (!sameTaxes(taxes, DEFAULT_TAX_RATES[province])) rateOverrides[province] = taxes;
  }
  await saveTaxSettings(deps.db, { ...fields, rateOverrides });
  return readTaxSettings(deps.db, deps.business.brandName);
}

// ---- the money of a visit ----

/** The visit's price before tax: its breakdown's total, or (booked before instant prices) its total. */
const priceCentsOf = (visit: { priceBreakdown: { totalCents: number } | null; totalPrice: number }) =>
  visit.priceBreakdown?.totalCents ?? centsOf(visit.totalPrice);

/** The province whose taxes apply: the visit's postal code's, else the business's home province. */
export const provinceOf = (postalCode: string | null, settings: TaxSettings): Province =>
  (postalCode ? provinceOfPostalCode(postalCode) : null) ?? settings.homeProvince;

export const taxesOf = (settings: TaxSettings, province: Province): TaxRate[] =>
  settings.rates.find((rates) => rates.province === province)?.taxes ?? [...DEFAULT_TAX_RATES[province]];

/** A visit's price as the money of it needs it (a read that did not load its whole breakdown). */
export type PricedVisit = {
  status: string;
  postalCode: string | null;
  priceBreakdown: { totalCents: number } | null;
  totalPrice: number;
  /** The card adapter's last attempt failed or waits for the customer. */
  paymentNeeded?: boolean;
};

/** What `visitMoney` folds for a visit: its price, its province's taxes, its ledger's rows. */
function moneyInputOf(
  visit: PricedVisit,
  settings: TaxSettings,
  entries: readonly LedgerAmount[],
): { province: Province; input: VisitMoneyInput } {
  const province = provinceOf(visit.postalCode, settings);
  return {
    province,
    input: {
      priceCents: priceCentsOf(visit),
      cancelled: visit.status === 'cancelled',
      rates: taxesOf(settings, province),
      entries,
      paymentNeeded: visit.paymentNeeded ?? false,
    },
  };
}

/** The money of a visit and the province whose taxes apply, from its price, place and ledger. */
export function moneyOf(
  visit: PricedVisit,
  settings: TaxSettings,
  entries: readonly LedgerAmount[],
): { province: Province; money: VisitMoney } {
  const { province, input } = moneyInputOf(visit, settings, entries);
  return { province, money: visitMoney(input) };
}

async function visitPaymentsOf(db: Db, visit: PaidVisit, settings: TaxSettings): Promise<VisitPayments> {
  const entries = await findLedger(db, visit.id);
  return { appointmentId: visit.id, ...moneyOf(visit, settings, entries), entries };
}

async function readVisitPayments(deps: PaymentsDeps, appointmentId: string): Promise<VisitPayments> {
  const visit = await findPaidVisit(deps.db, appointmentId);
  if (!visit) throw notFound('Appointment');
  return visitPaymentsOf(deps.db, visit, await readTaxSettings(deps.db, deps.business.brandName));
}

/** What a hold takes on the card: what the visit owes now, taxes included (`visitMoney`); 0 when nothing. */
export async function amountToHold(db: Db, brandName: string, appointmentId: string): Promise<number> {
  const visit = await findPaidVisit(db, appointmentId);
  if (!visit) return 0;
  const settings = await readTaxSettings(db, brandName);
  return moneyOf(visit, settings, await findLedger(db, appointmentId)).money.owedCents;
}

/** `GET /appointments/:id/payments`: the admin, or the visit's own customer (403 for anyone else). */
export async function visitPaymentsFor(
  deps: PaymentsDeps,
  caller: Caller,
  appointmentId: string,
): Promise<VisitPayments> {
  requireOn(deps.provider);
  const visit = await findPaidVisit(deps.db, appointmentId);
  if (!visit) throw notFound('Appointment');
  if (!caller.permissions.has('admin')) {
    const own = await findOwnCustomer(deps.db, caller);
    if (!isTheirs(own, visit.customerId))
      throw forbidden('You can only see the payments of your own visits.');
  }
  return visitPaymentsOf(deps.db, visit, await readTaxSettings(deps.db, deps.business.brandName));
}

/** `GET /receipts/:id.pdf`: a receipt or credit note as it was issued, for the admin or its customer. */
export async function receiptPdfFor(
  deps: PaymentsDeps,
  caller: Caller,
  receiptId: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  requireOn(deps.provider);
  const receipt = await findReceipt(deps.db, receiptId);
  if (!receipt) throw notFound('Receipt');
  if (!caller.permissions.has('admin')) {
    const own = await findOwnCustomer(deps.db, caller);
    if (!isTheirs(own, receipt.customerId)) throw forbidden('You can only see your own receipts.');
  }
  return { fileName: receiptFilename(receipt.document), pdf: renderReceiptPdf(receipt.document) };
}

/**
 * The lists' payment column for a page of visits: the tax settings and ONE grouped query over the
 * ledger for all the page's visits (never one per row), and with cards one more for those marked
 * "payment needed"; null for each when payments are off.
 */
export async function withPaymentSummaries<V extends Appointment>(
  deps: Pick<PaymentsDeps, 'db' | 'provider' | 'business'>,
  visits: readonly V[],
): Promise<(V & { payment: VisitPaymentSummary | null })[]> {
  if (deps.provider.mode === 'off' || visits.length === 0) {
    return visits.map((visit) => ({ ...visit, payment: null }));
  }
  const ids = visits.map((visit) => visit.appointmentId);
  const [settings, amounts, needed] = await Promise.all([
    readTaxSettings(deps.db, deps.business.brandName),
    ledgerAmountsOf(deps.db, ids),
    // Only cards fail: with payments by hand no visit is ever marked.
    deps.provider.mode === 'stripe' ? paymentNeededOf(deps.db, ids) : new Set<string>(),
  ]);
  return visits.map((visit) => {
    const paymentNeeded = needed.has(visit.appointmentId);
    const { money } = moneyOf({ ...visit, paymentNeeded }, settings, amounts.get(visit.appointmentId) ?? []);
    return {
      ...visit,
      payment: { state: money.state, totalCents: money.totalCents, owedCents: money.owedCents },
    };
  });
}

// ---- the writes ----

/** The visit as a write sees it, its row locked: its money before the write and what it is worth. */
type Before = {
  visit: PaidVisit;
  settings: TaxSettings;
  province: Province;
  money: VisitMoney;
  entries: LedgerAmount[];
};

/**
 * One write to a visit's ledger, in one transaction: the visit's row locked (404 without it), a form sent
 * again (its idempotency key already has a row of the same kind and amount) answered with the visit's
 * payments and nothing written (a different write under that key: 409 IDEMPOTENCY_KEY_REUSED),
 * else `write` with the money as it is now. Answers the visit's payments after the commit.
 */
async function writeLedger(
  deps: PaymentsDeps,
  appointmentId: string,
  request: { idempotencyKey: string; kind: LedgerRow['kind']; cents: number },
  write: (tx: Transaction, before: Before) => Promise<void>,
): Promise<VisitPayments> {
  requireOn(deps.provider);
  await deps.jobs.transaction(async (tx) => {
    const visit = await lockPaidVisit(tx.db, appointmentId);
    if (!visit) throw notFound('Appointment');
    const sent = await findEntryByKey(tx.db, appointmentId, request.idempotencyKey);
    if (sent) {
      // The same form again: its first answer. Another write under that key was never recorded: say so.
      if (sent.kind === request.kind && sent.cents === request.cents) return;
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This idempotency key was already used for another write on this visit; nothing was recorded.',
      );
    }
    const settings = await readTaxSettings(tx.db, deps.business.brandName);
    const entries = await findLedger(tx.db, appointmentId);
    await write(tx, { visit, settings, entries, ...moneyOf(visit, settings, entries) });
  });
  return readVisitPayments(deps, appointmentId);
}

const formatCents = (cents: number) => (cents / 100).toFixed(2);
/** An optional text of a form: none when left out or blank (the schemas trim it). */
const textOrNull = (text: string | undefined) => (text === undefined || text === '' ? null : text);

/** `POST /appointments/:id/payments` (admin, manual): money received for the visit, or a tip. */
export async function recordPayment(
  deps: PaymentsDeps,
  caller: Caller,
  appointmentId: string,
  body: RecordPaymentBody,
): Promise<VisitPayments> {
  if (!deps.provider.recordsOfficePayments) throw paymentsOff();
  return writeLedger(deps, appointmentId, body, async (tx, before) => {
    // A tip is for the cleaners: it is not limited by what the visit owes.
    if (body.kind === 'payment' && body.cents > before.money.owedCents) {
      throw new AppError(
        'PAYMENT_ABOVE_OWED',
        `The visit owes ${formatCents(before.money.owedCents)}: a payment of ${formatCents(body.cents)} is more.`,
        [{ path: 'body.cents', message: 'payments.errors.aboveOwed' }],
      );
    }
    const entry = await insertEntry(tx.db, {
      appointmentId,
      kind: body.kind,
      cents: body.cents,
      method: body.method,
      reference: textOrNull(body.reference),
      recordedByUserId: caller.userId,
      idempotencyKey: body.idempotencyKey,
    });
    await issueReceipt(tx, deps, before, entry, 'receipt', body.method);
  });
}

/**
 * A card payment the provider took (PAYMENTS=stripe: a hold captured, a second charge), written once by
 * its key (`visit:<id>:capture:<n>`, the key sent to Stripe too) with Stripe's ids and its receipt. The
 * same key again writes nothing: a capture applied twice (a retry after a crash, a webhook) is one row.
 */
export async function recordCardPayment(
  deps: PaymentsDeps,
  appointmentId: string,
  payment: { cents: number; idempotencyKey: string; providerPaymentId: string },
  then?: (tx: Transaction) => Promise<void>,
): Promise<VisitPayments> {
  return writeLedger(deps, appointmentId, { ...payment, kind: 'payment' }, async (tx, before) => {
    const entry = await insertEntry(tx.db, {
      appointmentId,
      kind: 'payment',
      cents: payment.cents,
      method: 'card',
      recordedByUserId: null,
      idempotencyKey: payment.idempotencyKey,
      provider: 'stripe',
      providerPaymentId: payment.providerPaymentId,
    });
    await issueReceipt(tx, deps, before, entry, 'receipt', 'card');
    await then?.(tx);
  });
}

/** The card payment a refund on the card gives back: the visit's largest one still with room. */
async function cardPaymentToRefund(db: Db, appointmentId: string, cents: number): Promise<string> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select p.provider_payment_id as id from payment_ledger p
    where p.appointment_id = ${appointmentId} and p.kind = 'payment' and p.method = 'card'
      and p.provider_payment_id is not null
      and p.cents - coalesce((select sum(r.cents) from payment_ledger r where r.appointment_id = p.appointment_id
        and r.kind = 'refund' and r.provider_payment_id = p.provider_payment_id), 0) >= ${cents}
    order by p.cents desc, p.created_at, p.id limit 1`);
  const found = rows[0];
  if (!found) {
    throw new AppError(
      'REFUND_ABOVE_REFUNDABLE',
      `No card payment of this visit has ${formatCents(cents)} left to give back.`,
      [{ path: 'body.cents', message: 'payments.errors.aboveRefundable' }],
    );
  }
  return found.id;
}

/** `POST /appointments/:id/fees` (admin): a lockout or late-cancellation fee, charged (no receipt yet). */
export async function chargeFee(
  deps: PaymentsDeps,
  caller: Caller,
  appointmentId: string,
  body: ChargeFeeBody,
): Promise<VisitPayments> {
  return writeLedger(deps, appointmentId, { ...body, kind: 'fee' }, async (tx) => {
    await insertEntry(tx.db, {
      appointmentId,
      kind: 'fee',
      cents: body.cents,
      feeKind: body.feeKind,
      note: textOrNull(body.note),
      recordedByUserId: caller.userId,
      idempotencyKey: body.idempotencyKey,
    });
  });
}

/**
 * `POST /appointments/:id/refunds` (admin): money given back, at most what was paid (tips included) and
 * not yet given back, with a reason; the provider gives a card payment back; a credit note is issued.
 */
export async function refund(
  deps: PaymentsDeps,
  caller: Caller,
  appointmentId: string,
  body: RefundBody,
): Promise<VisitPayments> {
  requireOn(deps.provider);
  // Money goes back on a card only where cards are taken (PAYMENTS=stripe).
  if (body.method === 'card' && deps.provider.mode !== 'stripe') {
    throw new AppError('VALIDATION_ERROR', 'A refund on a card needs PAYMENTS=stripe.', [
      { path: 'body.method', message: 'payments.errors.cardRefundOff' },
    ]);
  }
  return writeLedger(deps, appointmentId, { ...body, kind: 'refund' }, async (tx, before) => {
    if (body.cents > before.money.refundableCents) {
      throw new AppError(
        'REFUND_ABOVE_REFUNDABLE',
        `At most ${formatCents(before.money.refundableCents)} can be given back on this visit.`,
        [{ path: 'body.cents', message: 'payments.errors.aboveRefundable' }],
      );
    }
    // On the card (PAYMENTS=stripe): given back at Stripe on one of the visit's card payments.
    const onCard = deps.provider.mode === 'stripe' && body.method === 'card';
    const movement = await deps.provider.refund({
      appointmentId,
      cents: body.cents,
      method: body.method,
      providerPaymentId: onCard ? await cardPaymentToRefund(tx.db, appointmentId, body.cents) : null,
      idempotencyKey: `visit:${appointmentId}:refund:${body.idempotencyKey}`,
      recordedBy: caller.userId,
      reason: body.reason,
      reference: body.reference,
    });
    const entry = await insertEntry(tx.db, {
      appointmentId,
      kind: 'refund',
      cents: body.cents,
      method: body.method,
      reference: textOrNull(body.reference),
      note: body.reason,
      recordedByUserId: caller.userId,
      idempotencyKey: body.idempotencyKey,
      ...movement,
    });
    await issueReceipt(tx, deps, before, entry, 'credit_note', body.method);
  });
}

// ---- receipts ----

export const FEE_LABELS: Record<Locale, Record<FeeKind, string>> = {
  en: { late_cancellation: 'Late-cancellation fee', lockout: 'Lockout fee' },
  fr: { late_cancellation: 'Frais d’annulation tardive', lockout: 'Frais d’accès impossible' },
};

/** "R-000123": the number as receipts print it (receipts and credit notes share the sequence). */
export const receiptNumberText = (number: number) => `R-${String(number).padStart(6, '0')}`;

/** What the visit costs before tax, line by line, in the receipt's language. */
async function receiptLines(
  db: Db,
  visit: PaidVisit,
  fees: readonly { feeKind: FeeKind | null; cents: number }[],
  locale: Locale,
): Promise<ReceiptDocument['lines']> {
  const text = VISIT_TEXT[locale];
  const breakdown = visit.priceBreakdown;
  const priced =
    visit.status === 'cancelled'
      ? []
      : breakdown
        ? breakdown.lines.map((line) => ({
            label:
              line.kind === 'surcharge'
                ? text.surcharge
                : line.kind === 'discount'
                  ? text.discount(`${line.percent ?? 0} %`)
                  : line.label[locale],
            cents: line.cents,
          }))
        : (await findServiceLines(db, visit.id)).map((line) => ({
            label: line.title,
            cents: centsOf(line.price),
          }));
  return [
    ...priced,
    // One line per kind of fee, however many were charged (a receipt's lines stay few).
    ...FEE_KINDS.flatMap((feeKind) => {
      const cents = sumCents(fees.filter((fee) => fee.feeKind === feeKind));
      return cents > 0 ? [{ label: FEE_LABELS[locale][feeKind], cents }] : [];
    }),
  ];
}

const CREDIT_LABELS: Record<Locale, string> = { en: 'Credit on the visit', fr: 'Crédit sur la visite' };

/**
 * A credit note's own figures (decision 049): the part of the refund that lowers what the visit costs,
 * split into its base and the taxes in it (`refundParts`), so the customer can reverse the tax they
 * claimed; money paid beyond the total, or tips, given back carry no tax and no line.
 */
function creditNoteFigures(input: VisitMoneyInput, cents: number, locale: Locale) {
  const { creditCents, creditNote } = refundParts(input, cents);
  return {
    lines: creditCents > 0 ? [{ label: CREDIT_LABELS[locale], cents: creditNote.baseCents }] : [],
    baseCents: creditNote.baseCents,
    taxes: creditNote.taxes,
    totalCents: creditCents,
  };
}

/**
 * The receipt (a payment, a tip) or the credit note (a refund) of a ledger row, in the row's transaction:
 * the next number of the business's one sequence, and the document as it reads now, kept as it is.
 */
async function issueReceipt(
  tx: Transaction,
  deps: PaymentsDeps,
  before: Before,
  entry: LedgerRow,
  kind: 'receipt' | 'credit_note',
  method: PaymentMethod,
): Promise<{ receiptId: string; document: ReceiptDocument }> {
  const { visit, settings } = before;
  const locale: Locale = visit.locale === 'fr' ? 'fr' : 'en';
  const after = moneyOf(visit, settings, [...before.entries, { kind: entry.kind, cents: entry.cents }]).money;
  const number = await nextReceiptNumber(tx.db);
  const customer = await findCustomerContact(tx.db, visit.customerId);
  const ledger = await findLedger(tx.db, visit.id);
  const fees = ledger.filter((row) => row.kind === 'fee');
  const issuedAt = new Date();
  const document: ReceiptDocument = {
    kind,
    number: receiptNumberText(number),
    issuedAt: issuedAt.toISOString(),
    locale,
    business: {
      legalName: settings.legalName,
      address: '',
      gstHstNumber: settings.gstHstNumber,
      qstNumber: settings.qstNumber,
    },
    customer: {
      name: `${visit.customerFirstName} ${visit.customerLastName}`.trim(),
      email: customer?.email ?? '',
    },
    visit: {
      startsAt: visit.appointmentDate.toISOString(),
      timeZone: deps.business.timeZone,
      place: addressLine(visit) ?? '',
    },
    ...(kind === 'credit_note'
      ? creditNoteFigures(moneyInputOf(visit, settings, before.entries).input, entry.cents, locale)
      : {
          lines: await receiptLines(tx.db, visit, fees, locale),
          baseCents: after.priceCents + after.feesCents,
          taxes: after.taxes,
          totalCents: after.totalCents,
        }),
    amount: { cents: entry.cents, method, reference: entry.reference },
    tipCents: entry.kind === 'tip' ? entry.cents : 0,
    owedCents: after.owedCents,
    reason: kind === 'credit_note' ? entry.note : null,
  };
  const receiptId = await insertReceipt(tx.db, {
    number,
    kind,
    ledgerEntryId: entry.id,
    appointmentId: visit.id,
    issuedAt,
    locale,
    document,
  });
  // The customer's copy, sent by the email worker once this transaction commits (PDF attached).
  if (customer?.email) {
    await tx.enqueue('email', {
      to: customer.email,
      locale,
      message: { template: 'receipt', data: document },
    });
  }
  return { receiptId, document };
}
