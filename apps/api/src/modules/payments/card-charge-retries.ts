import { and, eq, inArray, lte } from 'drizzle-orm';
import { paymentAttempts } from '../../db/schema/index.ts';
import { markFailed } from './card.service.ts';
import { retryCharge, type Attempt } from './card-charges.ts';
import { moneyOf, readTaxSettings, type PaymentsDeps } from './payments.service.ts';
import { findLedger, findPaidVisit } from './payments.repository.ts';
import type { StripeCard } from './stripe-client.ts';

/**
 * Tips, fees and deposits whose call to Stripe got no answer (a timeout, the network, a 5xx from Stripe;
 * a decline is an answer and is not retried), tried again by the holds pass (decision 061). Each is its
 * attempt, still `pending`, with its key `visit:<id>:<tip|fee|deposit>:<n>`: the retry sends the SAME
 * key, so if Stripe did the work and only the answer was lost it answers that PaymentIntent, and if the
 * call never reached it the charge is made now. Either way one PaymentIntent, one ledger row (the same
 * key), one receipt.
 *
 * Backoff: after the k-th unanswered call, the next one waits `FIRST_WAIT × 3^(k−1)` (5, 15, 45, 135
 * minutes) from the last. A pending attempt that counted none (a crash between its commit and its call)
 * waits `FIRST_WAIT` from its creation: a request still under way is never raced. After `MAX_CALLS`
 * unanswered calls, or once the attempt is older than Stripe keeps an idempotency key (`KEY_LIFETIME`:
 * a later call with the same key could charge again), it is marked failed with `provider_unreachable`:
 * a fee or a deposit marks the visit "Payment needed" and emails the customer (`markFailed`, as a
 * declined card does); a tip fails alone (a tip owes nothing, decision 057). A payment Stripe did make
 * under a key given up on is found by the reconciliation (decision 058): a fee's or deposit's is written,
 * a tip's reported.
 */

const MINUTE = 60 * 1000;
export const FIRST_WAIT_MS = 5 * MINUTE;
/** The first call and four retries: the last about 3 h 20 min after the first. */
export const MAX_CALLS = 5;
/** Stripe keeps an idempotency key at least 24 hours. */
const KEY_LIFETIME_MS = 24 * 60 * MINUTE;
const PER_PASS = 50;
export const UNREACHABLE = 'provider_unreachable';

/** When an attempt with `failures` unanswered calls, the last at `last`, is next tried. */
export function nextChargeRetryAt(failures: number, last: Date): Date {
  const wait = FIRST_WAIT_MS * 3 ** Math.max(0, failures - 1);
  return new Date(last.getTime() + wait);
}

type Outcome = { retried: number; charged: number; failed: number };

/**
 * One pass at `now`: the pending tips, fees and deposits due for another call, tried with their key.
 * Returns how many were tried, charged, and given up on.
 */
export async function retryPendingCharges(
  deps: PaymentsDeps & { card: StripeCard },
  now: Date,
): Promise<Outcome> {
  const outcome: Outcome = { retried: 0, charged: 0, failed: 0 };
  const pending = await deps.db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.status, 'pending'),
        inArray(paymentAttempts.purpose, ['tip', 'fee', 'deposit']),
        lte(paymentAttempts.updatedAt, new Date(now.getTime() - FIRST_WAIT_MS)),
      ),
    )
    .orderBy(paymentAttempts.updatedAt)
    .limit(PER_PASS);
  for (const attempt of pending) {
    const expired = now.getTime() - attempt.createdAt.getTime() >= KEY_LIFETIME_MS;
    if (expired || attempt.transientFailures >= MAX_CALLS) {
      await giveUp(deps, attempt);
      outcome.failed += 1;
      continue;
    }
    if (nextChargeRetryAt(attempt.transientFailures, attempt.updatedAt) > now) continue;
    if (!(await stillOwed(deps, attempt))) {
      // Paid otherwise (the office recorded it) or the visit cancelled before its deposit: not charged.
      await deps.db
        .update(paymentAttempts)
        .set({ status: 'canceled', failureCode: 'no_longer_owed', updatedAt: now })
        .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')));
      continue;
    }
    outcome.retried += 1;
    try {
      const result = await retryCharge(deps, attempt);
      if (result === 'charged') outcome.charged += 1;
      if (result === 'no-card') {
        await giveUp(deps, attempt, 'no_card_on_file');
        outcome.failed += 1;
      }
    } catch {
      // Unanswered again: counted on the attempt by the call itself; a later pass tries again or gives up.
      const [after] = await deps.db
        .select({ failures: paymentAttempts.transientFailures, status: paymentAttempts.status })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.id, attempt.id));
      if (after?.status === 'pending' && after.failures >= MAX_CALLS) {
        await giveUp(deps, attempt);
        outcome.failed += 1;
      }
    }
  }
  return outcome;
}

/**
 * Whether a fee or a deposit is still owed as it was asked (a tip is the customer's gift: always). A
 * deposit for a cancelled visit, or a charge above what the visit owes now, is not made.
 */
async function stillOwed(deps: PaymentsDeps, attempt: Attempt): Promise<boolean> {
  if (attempt.purpose === 'tip') return true;
  const visit = await findPaidVisit(deps.db, attempt.appointmentId);
  if (!visit) return false;
  if (attempt.purpose === 'deposit' && visit.status === 'cancelled') return false;
  const settings = await readTaxSettings(deps.db, deps.business.brandName);
  const { money } = moneyOf(visit, settings, await findLedger(deps.db, attempt.appointmentId));
  return money.owedCents >= attempt.cents;
}

/** The attempt marked failed: a fee or deposit marks the visit "Payment needed" (one email); a tip alone. */
async function giveUp(deps: PaymentsDeps, attempt: Attempt, failureCode = UNREACHABLE): Promise<void> {
  if (attempt.purpose !== 'tip') {
    await deps.jobs.transaction((tx) =>
      markFailed(tx, {
        attemptId: attempt.id,
        appointmentId: attempt.appointmentId,
        providerPaymentId: attempt.providerPaymentId,
        failureCode,
      }),
    );
    return;
  }
  await deps.db
    .update(paymentAttempts)
    .set({ status: 'failed', failureCode, updatedAt: new Date() })
    .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')));
}
