import { and, eq, inArray, sql } from 'drizzle-orm';
import { appointments, paymentAttempts } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { holdVisit, releaseHolds } from './card.service.ts';
import { needsConfirmation } from './card-confirm-rules.ts';
import { holdWindowEnd, scheduleNextHoldRun } from './card-hold-clock.ts';
import type { PaymentsDeps } from './payments.service.ts';
import type { StripeCard } from './stripe-client.ts';

/**
 * The hold's life besides placing it (issue 29 §3–4, decision 058): a declined hold tried again on a
 * schedule (by the holds pass), a hold released when its visit moves out of the hold's window (it gets a
 * fresh one when it comes back), and a deleted visit's hold released before its row goes.
 */

type HoldDeps = Pick<PaymentsDeps, 'db' | 'jobs' | 'business'> & { card: StripeCard };

const HOUR = 60 * 60 * 1000;
/** A declined hold is tried again this long after each failure: 6 h after the first, 12 h after the second. */
export const RETRY_AFTER_HOURS = [6, 12] as const;
/** …and a last time this long before the visit (it is then at most 3 retries). */
export const LAST_TRY_BEFORE_HOURS = 2;
const MAX_RETRIES = RETRY_AFTER_HOURS.length + 1;
/** Visits looked at by one pass at most (the next pass takes the rest). */
const PER_PASS = 200;

/**
 * When a visit whose hold failed `failures` times (the last at `lastFailedAt`) is tried again, or null:
 * 6 h after the first failure, 12 h after the second, then `LAST_TRY_BEFORE_HOURS` before the visit; a
 * retry that would come after that last moment is that last try; nothing after it.
 */
export function nextRetryAt(failures: number, lastFailedAt: Date, startsAt: Date): Date | null {
  if (failures < 1 || failures > MAX_RETRIES) return null;
  const lastTry = startsAt.getTime() - LAST_TRY_BEFORE_HOURS * HOUR;
  if (lastFailedAt.getTime() >= lastTry) return null;
  const after = RETRY_AFTER_HOURS[failures - 1];
  const at = after === undefined ? lastTry : Math.min(lastFailedAt.getTime() + after * HOUR, lastTry);
  return new Date(at);
}

/**
 * The declined holds due for a retry: open visits marked "payment needed" within the hold's window, whose
 * customer has a card on file, no hold live, and a schedule (`nextRetryAt`) that says now. The failures
 * counted are those with the card on file now (a card saved again clears the mark and starts afresh; the
 * next pass holds the visit). A bank asking the customer to confirm (`authentication_required`) is not
 * tried again off session: it would say the same; the customer's email has the link, and a visit whose
 * customer opened the hosted page for it (`confirming`, decision 060) waits for them. Each retry is a new
 * attempt (`visit:<id>:hold:<n+1>`); one that holds clears the mark. Returns the holds placed.
 */
export async function retryFailedHolds(deps: HoldDeps, now: Date): Promise<number> {
  const until = holdWindowEnd(deps.card, now);
  const { rows } = await deps.db.execute<{
    id: string;
    starts_at: string;
    failures: number;
    last_failed_at: string | null;
    last_code: string | null;
    live: boolean;
  }>(sql`
    select v.id, v.appointment_date as starts_at,
      count(*) filter (where a.status = 'failed'
        and a.created_at >= coalesce(c.card_requested_at, 'epoch'::timestamptz))::int as failures,
      max(a.updated_at) filter (where a.status = 'failed') as last_failed_at,
      (array_agg(a.failure_code order by a.attempt desc))[1] as last_code,
      bool_or(a.status in ('held', 'captured', 'confirming')) as live
    from appointments v
    join customers c on c.id = v.customer_id
    join payment_attempts a on a.appointment_id = v.id and a.purpose = 'hold'
    where v.payment_needed and not v.needs_time and v.status in ('pending', 'confirmed')
      and c.card_payment_method_id is not null
      and v.appointment_date > ${now.toISOString()}::timestamptz
      and v.appointment_date <= ${until.toISOString()}::timestamptz
    group by v.id
    order by v.appointment_date
    limit ${PER_PASS}`);
  let placed = 0;
  for (const row of rows) {
    if (row.live || !row.last_failed_at || needsConfirmation(row.last_code)) continue;
    const due = nextRetryAt(row.failures, new Date(row.last_failed_at), new Date(row.starts_at));
    if (!due || due > now) continue;
    if (!(await holdVisit(deps, row.id))) continue;
    placed += 1;
    await deps.db
      .update(appointments)
      .set({ paymentNeeded: false })
      .where(and(eq(appointments.id, row.id), inArray(appointments.status, ['pending', 'confirmed'])));
  }
  return placed;
}

/**
 * Holds renewed (called right after a visit's new time commits, as `afterStatusChange`): an open visit
 * moved beyond the hold's window (`PAYMENT_HOLD_HOURS` from now) has its hold released (`releaseHolds`;
 * a Stripe hold lapses after about 7 days, before a visit moved a week on would start); the holds pass
 * holds it again when it comes within the window, for what it owes then. A visit moved earlier, into the
 * window, is held by the next pass like every other visit; a hold that lapsed at Stripe is marked by its
 * `payment_intent.canceled` event (or the reconciliation) and held again by the next pass. A failure
 * here never fails the move: the hold then lapses at Stripe and is renewed the same way. A visit moved
 * beyond the window whose window opens before the pass's next tick gets a run then (decision 059).
 */
export async function afterVisitMoved(
  deps: Pick<PaymentsDeps, 'db' | 'jobs' | 'card'>,
  appointmentId: string,
  now: Date,
): Promise<void> {
  const { card } = deps;
  if (!card) return;
  const until = holdWindowEnd(card, now);
  const [visit] = await deps.db
    .select({ startsAt: appointments.appointmentDate, status: appointments.status })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!visit || visit.startsAt <= until || (visit.status !== 'pending' && visit.status !== 'confirmed'))
    return;
  try {
    await releaseHolds({ db: deps.db, jobs: deps.jobs, card }, appointmentId);
  } catch {
    // Left to lapse at Stripe (see above).
  }
  await scheduleNextHoldRun({ db: deps.db, jobs: deps.jobs, card }, now);
}

/**
 * Before visits are deleted (an admin's delete; a series paused or changed takes its open visits off the
 * plan), PAYMENTS=stripe: their live holds released at Stripe, so no card stays authorised for a visit
 * that no longer exists. Stripe out of reach: 503, nothing deleted (try again).
 */
export async function releaseBeforeDelete(
  deps: Pick<HoldDeps, 'db' | 'jobs' | 'card'>,
  appointmentIds: readonly string[],
) {
  try {
    for (const appointmentId of appointmentIds) await releaseHolds(deps, appointmentId);
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', 'The card hold could not be released; try again.');
  }
}

/**
 * In the delete's transaction: the visits' attempts that moved no money (declined, released) go with them.
 * One still live (a hold being placed right now) keeps the row: the delete is refused (409, the foreign
 * key) and can be sent again once the pass is done. Captured attempts have ledger rows, which refuse the
 * delete anyway (a visit with money is cancelled, never deleted).
 */
export async function forgetSettledAttempts(db: Db, appointmentIds: readonly string[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  await db
    .delete(paymentAttempts)
    .where(
      and(
        inArray(paymentAttempts.appointmentId, [...appointmentIds]),
        inArray(paymentAttempts.status, ['failed', 'canceled']),
      ),
    );
}
