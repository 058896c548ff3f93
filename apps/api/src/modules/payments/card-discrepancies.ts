import { eq, sql } from 'drizzle-orm';
import type { DiscrepancyKind, PaymentDiscrepancy, ResolveDiscrepancyBody } from '@eclat/shared';
import { appointments, paymentDiscrepancies } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';

/** A difference the reconciliation (or the holds pass) found, before it is stored. */
export type Discrepancy = {
  kind: DiscrepancyKind;
  providerObjectId: string;
  appointmentId: string | null;
  cents: number | null;
  detail: string;
  repaired: boolean;
};

/**
 * `POST /payments/discrepancies/{id}/resolve` (admin, decision 061): the admin has looked at a difference
 * the reconciliation found and says what was done about it. The first moment it was resolved is kept; a
 * second send (a double press, a corrected note) only replaces the note. The row itself stays: the
 * reconciliation stores each difference once (kind and Stripe id), so a resolved one never comes back
 * as new on the next run.
 */
export async function resolveDiscrepancy(
  db: Db,
  id: string,
  userId: string,
  body: ResolveDiscrepancyBody,
): Promise<PaymentDiscrepancy> {
  const [row] = await db
    .update(paymentDiscrepancies)
    .set({
      resolvedAt: sql`coalesce(${paymentDiscrepancies.resolvedAt}, now())`,
      resolvedByUserId: sql`coalesce(${paymentDiscrepancies.resolvedByUserId}, ${userId}::uuid)`,
      resolutionNote: body.note,
    })
    .where(eq(paymentDiscrepancies.id, id))
    .returning({ id: paymentDiscrepancies.id });
  if (!row) throw notFound('Discrepancy');
  const [read] = await db
    .select(discrepancyColumns)
    .from(paymentDiscrepancies)
    .where(eq(paymentDiscrepancies.id, row.id));
  if (!read) throw notFound('Discrepancy');
  return discrepancyOf(read.row, read.visitExists);
}

/** The differences stored, once each: returns those new to this run (the caller logs them). */
export async function storeDiscrepancies(db: Db, found: Discrepancy[]): Promise<Discrepancy[]> {
  if (found.length === 0) return [];
  const inserted = await db
    .insert(paymentDiscrepancies)
    .values(found)
    .onConflictDoNothing()
    .returning({ kind: paymentDiscrepancies.kind, providerObjectId: paymentDiscrepancies.providerObjectId });
  const isNew = new Set(inserted.map((row) => `${row.kind}:${row.providerObjectId}`));
  return found.filter((item) => isNew.has(`${item.kind}:${item.providerObjectId}`));
}

/** A stored difference as the office's routes answer it. */
export function discrepancyOf(
  row: typeof paymentDiscrepancies.$inferSelect,
  visitExists: boolean,
): PaymentDiscrepancy {
  return {
    id: row.id,
    kind: row.kind,
    providerObjectId: row.providerObjectId,
    appointmentId: row.appointmentId,
    cents: row.cents,
    detail: row.detail,
    repaired: row.repaired,
    foundAt: row.foundAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolutionNote: row.resolutionNote,
    visitExists,
  };
}

/** Whether the visit a difference names is still ours (a deleted one has no page to open). */
const visitExistsSql = sql<boolean>`exists (select 1 from ${appointments} where ${appointments.id} = ${paymentDiscrepancies.appointmentId})`;

/** The stored differences with whether their visit still exists. */
export const discrepancyColumns = { row: paymentDiscrepancies, visitExists: visitExistsSql };
