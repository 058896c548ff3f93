import { eq, sql } from 'drizzle-orm';
import type { PaymentDiscrepancy, ResolveDiscrepancyBody } from '@eclat/shared';
import { paymentDiscrepancies } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import { discrepancyOf } from './card-reconcile.ts';

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
    .returning();
  if (!row) throw notFound('Discrepancy');
  return discrepancyOf(row);
}
