import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  LedgerAmount,
  LedgerEntry,
  Locale,
  PriceBreakdown,
  Province,
  ReceiptDocument,
  RefundAllocation,
  TaxRate,
  TaxSettings,
  VisitTaxes,
} from '@eclat/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/transaction.ts';
import {
  appointments,
  appointmentServices,
  customers,
  paymentLedger,
  receiptCounters,
  receipts,
  taxSettings,
  users,
} from '../../db/schema/index.ts';

/**
 * The payments' SQL (decision 048): a visit's ledger (append-only: rows are only ever inserted), the
 * receipts and their gapless number, the tax settings. Every write runs in the service's transaction.
 */

/** What the money of a visit and its receipt need to know of it. */
export type PaidVisit = {
  id: string;
  customerId: string;
  customerFirstName: string;
  customerLastName: string;
  appointmentDate: Date;
  status: string;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  totalPrice: number;
  priceBreakdown: PriceBreakdown | null;
  locale: string;
  /** The card's last hold or charge failed or waits for the customer (stripe mode). */
  paymentNeeded: boolean;
  /** The taxes fixed by its first ledger row (decision 054); null before any. */
  taxSnapshot: VisitTaxes | null;
};

const paidVisitColumns = {
  id: appointments.id,
  customerId: appointments.customerId,
  customerFirstName: appointments.customerFirstName,
  customerLastName: appointments.customerLastName,
  appointmentDate: appointments.appointmentDate,
  status: appointments.status,
  address: appointments.address,
  city: appointments.city,
  postalCode: appointments.postalCode,
  totalPrice: appointments.totalPrice,
  priceBreakdown: appointments.priceBreakdown,
  locale: appointments.locale,
  paymentNeeded: appointments.paymentNeeded,
  taxSnapshot: appointments.taxSnapshot,
};

export async function findPaidVisit(db: Db, id: string): Promise<PaidVisit | undefined> {
  const [row] = await db.select(paidVisitColumns).from(appointments).where(eq(appointments.id, id));
  return row;
}

/**
 * The visit's row locked until the transaction ends: every write to its ledger takes this lock first, so
 * two refunds (or a payment and a refund) never both check against the same balance.
 */
export async function lockPaidVisit(db: Db, id: string): Promise<PaidVisit | undefined> {
  const [row] = await db
    .select(paidVisitColumns)
    .from(appointments)
    .where(eq(appointments.id, id))
    .for('update');
  return row;
}

/** The visits' prices and states for the lists (no lock, only what `visitMoney` needs). */
export async function findVisitPrices(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: appointments.id,
      status: appointments.status,
      postalCode: appointments.postalCode,
      totalPrice: appointments.totalPrice,
      priceBreakdown: appointments.priceBreakdown,
      paymentNeeded: appointments.paymentNeeded,
      taxSnapshot: appointments.taxSnapshot,
    })
    .from(appointments)
    .where(inArray(appointments.id, [...ids]));
}

/** Old visits (before instant prices): their service lines as they were booked. */
export async function findServiceLines(db: Db, appointmentId: string) {
  return db
    .select({ title: appointmentServices.title, price: appointmentServices.price })
    .from(appointmentServices)
    .where(eq(appointmentServices.appointmentId, appointmentId))
    .orderBy(asc(appointmentServices.position));
}

export async function findCustomerContact(db: Db, customerId: string) {
  const [row] = await db
    .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

export type LedgerRow = typeof paymentLedger.$inferSelect;

/**
 * The taxes of the visit's money from now on (decision 054): written once, by the transaction of its
 * first ledger row (the visit's row is locked by then); a visit that has them keeps them.
 */
export async function fixVisitTaxes(db: Db, appointmentId: string, taxes: VisitTaxes): Promise<void> {
  await db
    .update(appointments)
    .set({ taxSnapshot: taxes })
    .where(and(eq(appointments.id, appointmentId), isNull(appointments.taxSnapshot)));
}

/** A refund row's stored parts, or null (another kind of row, a refund written before they were stored). */
export function allocationOfRow(row: {
  refundOverpaymentCents: number | null;
  refundCreditCents: number | null;
  refundTipsCents: number | null;
}): RefundAllocation | null {
  const { refundOverpaymentCents, refundCreditCents, refundTipsCents } = row;
  if (refundOverpaymentCents === null || refundCreditCents === null || refundTipsCents === null) return null;
  return {
    overpaymentCents: refundOverpaymentCents,
    creditCents: refundCreditCents,
    tipsCents: refundTipsCents,
  };
}

/** A ledger row as the money's fold reads it (a refund with its stored parts). */
export function ledgerAmountOf(row: {
  kind: LedgerAmount['kind'];
  cents: number;
  refundOverpaymentCents: number | null;
  refundCreditCents: number | null;
  refundTipsCents: number | null;
}): LedgerAmount {
  return row.kind === 'refund'
    ? { kind: 'refund', cents: row.cents, allocation: allocationOfRow(row) }
    : { kind: row.kind, cents: row.cents };
}

/**
 * A visit's ledger, oldest row first, with who recorded each row (their email, while the account exists)
 * and, for the money's fold, each refund's stored parts.
 */
export async function findLedger(
  db: Db,
  appointmentId: string,
): Promise<(LedgerEntry & { allocation: RefundAllocation | null })[]> {
  const rows = await db
    .select({ entry: paymentLedger, recordedBy: users.email, receiptId: receipts.id })
    .from(paymentLedger)
    .leftJoin(users, eq(users.id, paymentLedger.recordedByUserId))
    .leftJoin(receipts, eq(receipts.ledgerEntryId, paymentLedger.id))
    .where(eq(paymentLedger.appointmentId, appointmentId))
    .orderBy(asc(paymentLedger.createdAt), asc(paymentLedger.id));
  return rows.map(({ entry, recordedBy, receiptId }) => ({
    id: entry.id,
    kind: entry.kind,
    cents: entry.cents,
    method: entry.method,
    feeKind: entry.feeKind,
    reference: entry.reference,
    note: entry.note,
    recordedBy,
    receiptId,
    createdAt: entry.createdAt.toISOString(),
    allocation: allocationOfRow(entry),
  }));
}

export async function findEntryByKey(
  db: Db,
  appointmentId: string,
  idempotencyKey: string,
): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentLedger)
    .where(
      and(eq(paymentLedger.appointmentId, appointmentId), eq(paymentLedger.idempotencyKey, idempotencyKey)),
    );
  return row;
}

export type NewLedgerEntry = typeof paymentLedger.$inferInsert;

export async function insertEntry(db: Db, entry: NewLedgerEntry): Promise<LedgerRow> {
  const [row] = await db.insert(paymentLedger).values(entry).returning();
  if (!row) throw new Error('The ledger row was not written');
  return row;
}

/**
 * The ledger's amounts of many visits in ONE grouped query (the lists' payment column), with each
 * visit's fixed taxes: a sum per visit and kind (refunds: their stored parts summed, those without apart),
 * so a page of 100 visits costs one round trip, not 100.
 */
export async function ledgerAmountsOf(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { entries: LedgerAmount[]; taxes: VisitTaxes | null }>> {
  const byVisit = new Map<string, { entries: LedgerAmount[]; taxes: VisitTaxes | null }>();
  if (ids.length === 0) return byVisit;
  // A sum of integers is a bigint (a string from pg): read as a number, never cast down to int4.
  const total = (column: AnyPgColumn) =>
    sql<number | null>`sum(${column})`.mapWith((value: unknown) => (value === null ? null : Number(value)));
  const rows = await db
    .select({
      appointmentId: paymentLedger.appointmentId,
      kind: paymentLedger.kind,
      cents: total(paymentLedger.cents),
      refundOverpaymentCents: total(paymentLedger.refundOverpaymentCents),
      refundCreditCents: total(paymentLedger.refundCreditCents),
      refundTipsCents: total(paymentLedger.refundTipsCents),
      taxes: appointments.taxSnapshot,
    })
    .from(paymentLedger)
    .innerJoin(appointments, eq(appointments.id, paymentLedger.appointmentId))
    .where(inArray(paymentLedger.appointmentId, [...ids]))
    .groupBy(
      paymentLedger.appointmentId,
      paymentLedger.kind,
      sql`${paymentLedger.refundCreditCents} is null`,
      appointments.taxSnapshot,
    );
  for (const row of rows) {
    const visit = byVisit.get(row.appointmentId) ?? { entries: [], taxes: row.taxes };
    visit.entries.push(ledgerAmountOf({ ...row, cents: row.cents ?? 0 }));
    byVisit.set(row.appointmentId, visit);
  }
  return byVisit;
}

/** Of these visits, those whose last card attempt failed or waits for the customer (PAYMENTS=stripe). */
export async function paymentNeededOf(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(inArray(appointments.id, [...ids]), eq(appointments.paymentNeeded, true)));
  return new Set(rows.map((row) => row.id));
}

/** The one business's receipts share one sequence of numbers. */
const BUSINESS = 'default';

/**
 * The next receipt number: the counter's row is incremented (and so locked) in the caller's transaction.
 * A transaction that rolls back gives its number back, so the numbers have no gap (a PostgreSQL sequence
 * would leave one); parallel payments wait for each other on this row, only for the end of their commit.
 */
export async function nextReceiptNumber(db: Db): Promise<number> {
  const [row] = await db
    .insert(receiptCounters)
    .values({ business: BUSINESS, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.business,
      set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
    })
    .returning({ number: receiptCounters.lastNumber });
  if (!row) throw new Error('The receipt counter was not moved');
  return row.number;
}

export async function insertReceipt(
  db: Db,
  receipt: {
    number: number;
    kind: 'receipt' | 'credit_note';
    ledgerEntryId: string;
    appointmentId: string;
    issuedAt: Date;
    locale: Locale;
    document: ReceiptDocument;
  },
): Promise<string> {
  const [row] = await db.insert(receipts).values(receipt).returning({ id: receipts.id });
  if (!row) throw new Error('The receipt was not written');
  return row.id;
}

/** A receipt as it was issued, with the customer of its visit (who may read it). */
export async function findReceipt(db: Db, id: string) {
  const [row] = await db
    .select({ number: receipts.number, document: receipts.document, customerId: appointments.customerId })
    .from(receipts)
    .innerJoin(appointments, eq(appointments.id, receipts.appointmentId))
    .where(eq(receipts.id, id));
  return row;
}

/** The stored tax settings (the overrides only), or undefined before the admin saved any. */
export async function findTaxSettings(db: Db) {
  const [row] = await db.select().from(taxSettings).where(eq(taxSettings.id, 1));
  return row;
}

/** A province's taxes, for the provinces whose defaults the admin changed. */
export type RateOverrides = Partial<Record<Province, TaxRate[]>>;

export async function saveTaxSettings(
  db: Db,
  settings: Omit<TaxSettings, 'rates'> & { rateOverrides: RateOverrides },
): Promise<void> {
  const values = { id: 1, ...settings, updatedAt: new Date() };
  await db.insert(taxSettings).values(values).onConflictDoUpdate({ target: taxSettings.id, set: values });
}
