import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { visitPaymentsSchema, type Permission } from '@eclat/shared';
import {
  appointmentAssignments,
  appointments,
  paymentAttempts,
  paymentLedger,
  receipts,
  tipShares,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { type TestApp } from '../../../test/helpers.ts';
import { call, makeEmployee, type TestCustomer } from '../../../test/factories.ts';
import type { StripeFake } from '../../../test/fakes/stripe-fake.ts';
import { confirmedVisitAhead, useStripeCardTests } from '../../../test/stripe-app.ts';
import { MAX_CALLS, retryPendingCharges } from './card-charge-retries.ts';
import { chargeFeeWithCard, tipByCard } from './card-charges.ts';

/**
 * Tips and fees whose call to Stripe got no answer (decision 061), against the strict local Stripe told
 * to time out: the holds pass tries each again with the SAME key on a backoff, so Stripe charges once
 * whether the lost call reached it or not, and the ledger has one row; after MAX_CALLS unanswered calls a
 * fee is given up on and the visit shows "Payment needed". The pass is called with the moment it runs at:
 * no clock is waited for. The app's client here abandons a call after 500 ms, with no retry of its own.
 */

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const CREATE = 'POST /v1/payment_intents';

let fake: StripeFake;
let app: TestApp;
// The app's client abandons a call after half a second, with no retry of its own.
const { deps, customerWithCard } = useStripeCardTests({ timeoutMs: 500 }, (ready) => ({ fake, app } = ready));

/** The signed-in person as the services see them. */
const callerOf = (user: { id: string; email: string }, role: Permission) => ({
  userId: user.id,
  email: user.email,
  emailVerified: true,
  permissions: new Set<Permission>([role]),
});

let days = 3;
/** A $100 visit (HST: $113.00) done yesterday, with two cleaners on it. */
async function doneVisit(who: TestCustomer) {
  days += 1;
  const visit = await confirmedVisitAhead(app, who, days);
  const start = new Date(Date.now() - 24 * HOUR);
  await app.db
    .update(appointments)
    .set({ appointmentDate: start, endsAt: new Date(start.getTime() + HOUR), status: 'completed' })
    .where(eq(appointments.id, visit.appointmentId));
  const cleaners = [await makeEmployee(app), await makeEmployee(app)];
  await app.db
    .insert(appointmentAssignments)
    .values(cleaners.map((cleaner) => ({ appointmentId: visit.appointmentId, employeeId: cleaner.id })));
  return { ...visit, caller: callerOf(visit.admin.user, 'admin') };
}

let keys = 0;
const newKey = () => `retry-key-${(keys += 1)}-${Date.now()}`;

/** The PaymentIntents asked for a visit that Stripe made (a call that never reached it is not one). */
const intentsAtStripe = (appointmentId: string) =>
  fake.objects('payment_intent').filter((intent) => intent.metadata.visit_id === appointmentId);

/**
 * The calls for a visit that Stripe carried out as new (not a replay of an earlier one with the key; a
 * dropped call, which never reached it, keeps status 0).
 */
const newIntentCalls = (appointmentId: string) =>
  fake
    .requests({ route: CREATE })
    .filter(
      (request) =>
        request.idempotencyKey?.startsWith(`visit:${appointmentId}:`) &&
        !request.replayed &&
        request.status !== 0,
    );

const attemptOf = async (appointmentId: string, purpose: 'tip' | 'fee') => {
  const [attempt] = await app.db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.appointmentId, appointmentId), eq(paymentAttempts.purpose, purpose)));
  if (!attempt) throw new Error(`no ${purpose} attempt`);
  return attempt;
};

const cardRows = (appointmentId: string) =>
  app.db
    .select({ kind: paymentLedger.kind, cents: paymentLedger.cents, key: paymentLedger.idempotencyKey })
    .from(paymentLedger)
    .where(and(eq(paymentLedger.appointmentId, appointmentId), eq(paymentLedger.method, 'card')));

/** The pass at `minutes` after the attempt's last unanswered call, once the fake has done what it holds. */
async function passAfter(appointmentId: string, purpose: 'tip' | 'fee', minutes: number) {
  await fake.idle();
  const attempt = await attemptOf(appointmentId, purpose);
  const outcome = await retryPendingCharges(deps(), new Date(attempt.updatedAt.getTime() + minutes * MINUTE));
  await fake.idle();
  await fake.webhooks.settled();
  return outcome;
}

const unavailable = (error: unknown) => error instanceof AppError && error.code === 'CARD_CHARGE_PENDING';

describe('a fee whose answer from Stripe was lost', () => {
  it('is tried again after the backoff with the same key: charged once at Stripe and once in the ledger', async () => {
    const who = await customerWithCard();
    const visit = await doneVisit(who);
    const body = { feeKind: 'lockout' as const, cents: 5000, idempotencyKey: newKey() };
    // Stripe does the work, but its answer never comes back.
    fake.timeOutNext({ route: CREATE });
    await expect(chargeFeeWithCard(deps(), visit.caller, visit.appointmentId, body)).rejects.toSatisfy(
      unavailable,
    );
    const pending = await attemptOf(visit.appointmentId, 'fee');
    expect(pending).toMatchObject({ status: 'pending', transientFailures: 1 });
    expect(await cardRows(visit.appointmentId)).toEqual([]);

    // Not yet: the first wait is five minutes.
    expect(await passAfter(visit.appointmentId, 'fee', 4)).toMatchObject({ retried: 0 });
    expect(await passAfter(visit.appointmentId, 'fee', 5)).toEqual({ retried: 1, charged: 1, failed: 0 });

    const key = `visit:${visit.appointmentId}:fee:1`;
    const calls = fake.requests({ route: CREATE }).filter((request) => request.idempotencyKey === key);
    expect(calls).toHaveLength(2);
    expect(newIntentCalls(visit.appointmentId)).toHaveLength(1);
    expect(intentsAtStripe(visit.appointmentId)).toMatchObject([{ amount: 5650, status: 'succeeded' }]);
    expect(await cardRows(visit.appointmentId)).toEqual([{ kind: 'payment', cents: 5650, key }]);
    expect(await attemptOf(visit.appointmentId, 'fee')).toMatchObject({ status: 'captured' });
    const docs = await app.db.select().from(receipts).where(eq(receipts.appointmentId, visit.appointmentId));
    expect(docs).toHaveLength(1);
    // A later pass finds nothing to do.
    expect(await passAfter(visit.appointmentId, 'fee', 500)).toMatchObject({ retried: 0 });
  });
});

describe('a tip whose call never reached Stripe', () => {
  it('is tried on the backoff (5, then 15 minutes) until Stripe answers, and charged once', async () => {
    const who = await customerWithCard();
    const visit = await doneVisit(who);
    const customerCaller = callerOf(who.user, 'customer');
    fake.timeOutNext({ route: CREATE, drop: true });
    await expect(
      tipByCard(deps(), customerCaller, visit.appointmentId, { cents: 1001, idempotencyKey: newKey() }),
    ).rejects.toSatisfy(unavailable);
    expect(intentsAtStripe(visit.appointmentId)).toEqual([]);

    fake.timeOutNext({ route: CREATE, drop: true });
    expect(await passAfter(visit.appointmentId, 'tip', 5)).toEqual({ retried: 1, charged: 0, failed: 0 });
    expect(await attemptOf(visit.appointmentId, 'tip')).toMatchObject({
      status: 'pending',
      transientFailures: 2,
    });
    // After two unanswered calls the wait is fifteen minutes.
    expect(await passAfter(visit.appointmentId, 'tip', 14)).toMatchObject({ retried: 0 });
    expect(await passAfter(visit.appointmentId, 'tip', 15)).toEqual({ retried: 1, charged: 1, failed: 0 });

    const key = `visit:${visit.appointmentId}:tip:1`;
    expect(newIntentCalls(visit.appointmentId).map((request) => request.idempotencyKey)).toEqual([key]);
    expect(intentsAtStripe(visit.appointmentId)).toMatchObject([{ amount: 1001, status: 'succeeded' }]);
    const rows = await cardRows(visit.appointmentId);
    expect(rows).toEqual([{ kind: 'tip', cents: 1001, key }]);
    const shares = await app.db
      .select({ cents: tipShares.cents })
      .from(tipShares)
      .innerJoin(paymentLedger, eq(paymentLedger.id, tipShares.ledgerEntryId))
      .where(eq(paymentLedger.appointmentId, visit.appointmentId));
    expect(shares.map((share) => share.cents).sort()).toEqual([500, 501]);
  });
});

describe('a fee Stripe never answers', () => {
  it(`is given up after ${MAX_CALLS} calls: failed, the visit "Payment needed", one email`, async () => {
    const who = await customerWithCard();
    const visit = await doneVisit(who);
    fake.timeOutNext({ route: CREATE, drop: true, count: MAX_CALLS });
    await expect(
      chargeFeeWithCard(deps(), visit.caller, visit.appointmentId, {
        feeKind: 'lockout',
        cents: 5000,
        idempotencyKey: newKey(),
      }),
    ).rejects.toSatisfy(unavailable);
    const waits = [5, 15, 45, 135];
    for (const [index, wait] of waits.entries()) {
      const outcome = await passAfter(visit.appointmentId, 'fee', wait);
      expect(outcome, `retry ${index + 1}`).toMatchObject({ retried: 1, charged: 0 });
    }
    expect(await attemptOf(visit.appointmentId, 'fee')).toMatchObject({
      status: 'failed',
      failureCode: 'provider_unreachable',
      transientFailures: MAX_CALLS,
    });
    expect(intentsAtStripe(visit.appointmentId)).toEqual([]);
    const payments = await call(
      app,
      'GET',
      `/appointments/${visit.appointmentId}/payments`,
      visit.admin.headers,
    );
    expect(visitPaymentsSchema.parse(payments.json()).money.state).toBe('payment_needed');
    const { rows } = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'email' and data->>'to' = ${who.email}
            and data->'message'->>'template' = 'payment-needed'`,
    );
    expect(rows[0]?.n).toBe(1);
    // Nothing more is tried.
    expect(await passAfter(visit.appointmentId, 'fee', 1000)).toMatchObject({ retried: 0 });
    expect(newIntentCalls(visit.appointmentId)).toHaveLength(0);
  });

  it('is not charged once the office has recorded the money otherwise', async () => {
    const who = await customerWithCard();
    const visit = await doneVisit(who);
    fake.timeOutNext({ route: CREATE, drop: true });
    await expect(
      chargeFeeWithCard(deps(), visit.caller, visit.appointmentId, {
        feeKind: 'lockout',
        cents: 5000,
        idempotencyKey: newKey(),
      }),
    ).rejects.toSatisfy(unavailable);
    // $113.00 + $56.50 paid in cash at the door.
    const paid = await call(
      app,
      'POST',
      `/appointments/${visit.appointmentId}/payments`,
      visit.admin.headers,
      {
        kind: 'payment',
        method: 'cash',
        cents: 16_950,
        idempotencyKey: newKey(),
      },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await passAfter(visit.appointmentId, 'fee', 5)).toMatchObject({ retried: 0, charged: 0 });
    expect(await attemptOf(visit.appointmentId, 'fee')).toMatchObject({ status: 'canceled' });
    expect(intentsAtStripe(visit.appointmentId)).toEqual([]);
  });
});
