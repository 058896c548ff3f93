import { sql } from 'drizzle-orm';
import type { Db } from '../../db/transaction.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import type { StripeCard } from './stripe-client.ts';

/**
 * When the hold of a visit is due (decision 059): a visit's window opens `PAYMENT_HOLD_HOURS` (a decimal
 * number of hours) before it starts. The holds pass runs every five minutes as the safety net; after each
 * pass, and after a booking or a move leaves a visit beyond its window, the next opening before the next
 * tick gets a run of the pass of its own at that moment, so a hold is placed within JOB_POLL_SECONDS of
 * its window's opening rather than up to five minutes later.
 */

/** The holds pass's cron (pg-boss schedule `payment-holds`). */
export const HOLDS_CRON = '*/5 * * * *';
/** Its period: an opening further than this is reached by a tick of the cron first. */
const CRON_PERIOD_MS = 5 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** The end of the hold window at `now`: a visit starting by then is due its hold. */
export function holdWindowEnd(card: Pick<StripeCard, 'holdHours'>, now: Date): Date {
  return new Date(now.getTime() + Math.round(card.holdHours * HOUR));
}

/**
 * The moment the next visit still without a hold enters its window, if before `horizon`: the earliest
 * start beyond the window among the visits the pass would hold (open, with a time, not marked "payment
 * needed", the customer's card on file, no held or captured hold). One range read of the index on
 * (status, appointment_date).
 */
export async function nextHoldOpening(
  db: Db,
  card: Pick<StripeCard, 'holdHours'>,
  now: Date,
  horizon: Date,
): Promise<Date | null> {
  const from = holdWindowEnd(card, now);
  const to = holdWindowEnd(card, horizon);
  const { rows } = await db.execute<{ starts_at: string }>(sql`
    select v.appointment_date as starts_at
    from appointments v
    join customers c on c.id = v.customer_id
    where v.status in ('pending', 'confirmed') and not v.needs_time and not v.payment_needed
      and c.card_payment_method_id is not null
      and v.appointment_date > ${from.toISOString()}::timestamptz
      and v.appointment_date <= ${to.toISOString()}::timestamptz
      and not exists (select 1 from payment_attempts a where a.appointment_id = v.id
        and a.purpose = 'hold' and a.status in ('held', 'captured'))
    order by v.appointment_date
    limit 1`);
  const first = rows[0];
  if (!first) return null;
  return new Date(new Date(first.starts_at).getTime() - Math.round(card.holdHours * HOUR));
}

/**
 * Asks for one run of the holds pass when the next visit's window opens, if that is before the pass's next
 * tick (within its period from now). The run's key is that moment, so it is queued once however many
 * passes, bookings and processes ask. Returns the moment, or null when the cron is soon enough. Never
 * throws: the five-minute pass stays the safety net.
 */
export async function scheduleNextHoldRun(
  deps: { db: Db; jobs: Jobs; card: Pick<StripeCard, 'holdHours'> },
  now: Date,
  log?: { warn(details: object, message: string): void },
): Promise<Date | null> {
  try {
    const opening = await nextHoldOpening(deps.db, deps.card, now, new Date(now.getTime() + CRON_PERIOD_MS));
    if (!opening) return null;
    // To the next whole second: the run never starts before the visit is inside the window.
    const at = new Date(Math.ceil(opening.getTime() / 1000) * 1000);
    await deps.jobs.runOnceAt('payment-holds', at, `hold-window:${at.toISOString()}`);
    return at;
  } catch (error) {
    log?.warn(
      { message: error instanceof Error ? error.message : String(error) },
      'next holds run not queued',
    );
    return null;
  }
}
