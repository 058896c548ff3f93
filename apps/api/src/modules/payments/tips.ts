import { and, asc, eq, ne } from 'drizzle-orm';
import { splitEvenly } from '@eclat/shared';
import { appointmentAssignments, tipShares } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LedgerRow } from './payments.repository.ts';

/**
 * When a visit may be tipped (decisions 054 and 057), the one rule for the customer's tip by card
 * (`card-charges.ts`) and the office's tip by hand (`payments.service.ts`): only once it is completed,
 * never on a cancelled visit or one still to come. The amount's limits are the request's schema.
 */
export function refuseTipUnlessCompleted(visit: { status: string }): void {
  if (visit.status === 'completed') return;
  throw new AppError(
    'TIP_NOT_COMPLETED',
    visit.status === 'cancelled'
      ? 'This visit was cancelled: it takes no tip.'
      : 'This visit is not completed yet: a tip is added once it is done.',
    [{ path: 'body.kind', message: 'payments.errors.tipNotCompleted' }],
  );
}

/**
 * A tip's shares (decision 057): split evenly between the cleaners assigned to the visit and not turned it down (`splitEvenly`,
 * in the order of their ids so a retry splits the same way), one row each, in the tip's transaction. A
 * visit without cleaners keeps no shares.
 */
export async function attributeTip(db: Db, entry: Pick<LedgerRow, 'id' | 'appointmentId' | 'cents'>) {
  const cleaners = await db
    .select({ employeeId: appointmentAssignments.employeeId })
    .from(appointmentAssignments)
    .where(
      and(
        eq(appointmentAssignments.appointmentId, entry.appointmentId),
        // A cleaner who turned the job down did not do it.
        ne(appointmentAssignments.status, 'REJECTED'),
      ),
    )
    .orderBy(asc(appointmentAssignments.employeeId));
  const split = splitEvenly(entry.cents, cleaners.length);
  const shares = cleaners
    .map((cleaner, index) => ({
      ledgerEntryId: entry.id,
      employeeId: cleaner.employeeId,
      cents: split[index] ?? 0,
    }))
    // A tip of fewer cents than cleaners: the last ones get none (a share is never 0).
    .filter((share) => share.cents > 0);
  if (shares.length > 0) await db.insert(tipShares).values(shares);
}
