import { describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { addDays, appointmentsPageSchema, discrepanciesSchema, seriesDetailSchema } from '@eclat/shared';
import { appointments, customers, paymentAttempts, paymentLedger } from '../../db/schema/index.ts';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { type TestApp } from '../../../test/helpers.ts';
import { call, makeCustomer, makeService, signedIn, type TestCustomer } from '../../../test/factories.ts';
import type { StripeFake } from '../../../test/fakes/stripe-fake.ts';
import {
  CARD_TESTS_TZ as TZ,
  confirmedVisitAhead,
  sendHostedCardPage,
  TORONTO,
  useStripeCardTests,
} from '../../../test/stripe-app.ts';
import { holdVisit, placeDueHolds, settleLeftovers } from './card.service.ts';
import { nextRetryAt, retryFailedHolds } from './card-retries.ts';
import { reconcileCards, storeDiscrepancies } from './card-reconcile.ts';
import { recordCardPayment } from './payments.service.ts';
import { type StripeCard } from './stripe-client.ts';

/**
 * The card's operations (decision 058) against the strict local Stripe: declined holds tried again on a
 * schedule, holds renewed when a visit moves or a hold lapses, released when a visit is deleted, the
 * reconciliation of Stripe's payments and refunds with our ledger, and the office's "payment needed"
 * list. The holds pass is called with the moment it runs at: no clock is waited for.
 */

const HOUR = 60 * 60 * 1000;

let fake: StripeFake;
let app: TestApp;
let card: StripeCard;
const { deps, customerWithCard } = useStripeCardTests(
  { timeoutMs: 2_000 },
  (ready) => ({ fake, app, card } = ready),
);

/** The holds pass at `now`, as the `payment-holds` job runs it (card-holds.ts). */
async function pass(now: Date) {
  await settleLeftovers(deps());
  await retryFailedHolds(deps(), now);
  await placeDueHolds(deps(), now);
  await fake.webhooks.settled();
}

async function saveCard(who: TestCustomer, testCard = 'good') {
  const sent = await sendHostedCardPage(app, who, testCard);
  expect(sent.status).toBe(303);
  await fake.webhooks.settled();
}

let days = 3;
/** A $100 visit (113.00 with Ontario's tax) for the customer, confirmed by the admin, a new day each (10:00 unless told). */
async function visitOf(who: TestCustomer, hour = 10) {
  days += 1;
  return confirmedVisitAhead(app, who, days, hour);
}
type Visit = Awaited<ReturnType<typeof visitOf>>;

/** The admin's form sent for the visit with a status and a time. */
const edit = (visit: Visit, change: { status?: string; startsAt?: Date }) =>
  call(app, 'PUT', `/appointments/${visit.appointmentId}`, visit.admin.headers, {
    customerId: visit.customerId,
    serviceIds: [visit.serviceId],
    appointmentDate: (change.startsAt ?? visit.startsAt).toISOString(),
    status: change.status ?? 'confirmed',
    place: TORONTO,
  });

const holdsOf = (appointmentId: string) =>
  app.db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.appointmentId, appointmentId), eq(paymentAttempts.purpose, 'hold')))
    .orderBy(paymentAttempts.attempt);

const isMarked = async (appointmentId: string) => {
  const [row] = await app.db
    .select({ marked: appointments.paymentNeeded })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row?.marked;
};

/** The latest failed hold of the visit failed at `at` (the pass reads the schedule from that moment). */
async function failedAt(appointmentId: string, at: Date) {
  const [last] = await app.db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.appointmentId, appointmentId), eq(paymentAttempts.status, 'failed')))
    .orderBy(desc(paymentAttempts.attempt))
    .limit(1);
  expect(last).toBeDefined();
  await app.db
    .update(paymentAttempts)
    .set({ updatedAt: at })
    .where(eq(paymentAttempts.id, last?.id ?? ''));
}

async function paymentNeededEmails(appointmentId: string) {
  const { rows } = await app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = 'email'
          and data->'message'->>'template' = 'payment-needed'
          and data->'message'->'data'->>'appointmentId' = ${appointmentId}`,
  );
  return rows[0]?.n ?? 0;
}

const intentOf = async (appointmentId: string, attempt = 1) => {
  const [hold] = (await holdsOf(appointmentId)).filter((row) => row.attempt === attempt);
  return fake.objects('payment_intent').find((intent) => intent.id === hold?.providerPaymentId);
};

async function heldVisit() {
  const who = await customerWithCard();
  const visit = await visitOf(who);
  await pass(new Date(visit.startsAt.getTime() - 23 * HOUR));
  expect(await holdsOf(visit.appointmentId)).toMatchObject([{ status: 'held', attempt: 1 }]);
  return { who, visit };
}

describe('a declined hold tried again', () => {
  it('the schedule: 6 h after the first failure, 12 h after the second, then 2 h before the visit; no more', () => {
    const start = new Date('2026-12-10T15:00:00Z');
    const at = (hoursBefore: number) => new Date(start.getTime() - hoursBefore * HOUR);
    expect(nextRetryAt(1, at(23), start)).toEqual(at(17));
    expect(nextRetryAt(2, at(17), start)).toEqual(at(5));
    expect(nextRetryAt(3, at(5), start)).toEqual(at(2));
    expect(nextRetryAt(4, at(2), start)).toBeNull();
    // Little time left: the last try only, and nothing once it has passed.
    expect(nextRetryAt(1, at(4), start)).toEqual(at(2));
    expect(nextRetryAt(2, at(2), start)).toBeNull();
  });

  it('tries again on that schedule, a new attempt each, one email; a hold that succeeds clears the mark', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    const hoursBefore = (hours: number) => new Date(visit.startsAt.getTime() - hours * HOUR);
    fake.declineNext({ code: 'card_declined' });
    await pass(hoursBefore(23));
    await failedAt(visit.appointmentId, hoursBefore(23));
    expect(await isMarked(visit.appointmentId)).toBe(true);

    // Five hours on: not yet.
    await pass(hoursBefore(18));
    expect(await holdsOf(visit.appointmentId)).toHaveLength(1);
    // Six hours on: the second attempt, declined again.
    fake.declineNext({ code: 'insufficient_funds' });
    await pass(hoursBefore(17));
    await failedAt(visit.appointmentId, hoursBefore(17));
    expect(await holdsOf(visit.appointmentId)).toMatchObject([
      { attempt: 1, status: 'failed' },
      { attempt: 2, status: 'failed', idempotencyKey: `visit:${visit.appointmentId}:hold:2` },
    ]);
    // Twelve hours after that: the third.
    await pass(hoursBefore(6));
    expect(await holdsOf(visit.appointmentId)).toHaveLength(2);
    fake.declineNext({ code: 'card_declined' });
    await pass(hoursBefore(5));
    await failedAt(visit.appointmentId, hoursBefore(5));
    expect(await holdsOf(visit.appointmentId)).toHaveLength(3);
    // Two hours before the visit: the last, which holds.
    await pass(hoursBefore(3));
    expect(await holdsOf(visit.appointmentId)).toHaveLength(3);
    await pass(hoursBefore(2));
    expect(await holdsOf(visit.appointmentId)).toMatchObject([
      { status: 'failed' },
      { status: 'failed' },
      { status: 'failed' },
      { attempt: 4, status: 'held', cents: 11_300 },
    ]);
    expect(await isMarked(visit.appointmentId)).toBe(false);
    await pass(hoursBefore(1));
    expect(await holdsOf(visit.appointmentId)).toHaveLength(4);
    // One "Payment needed" email: the retries declined again did not send more.
    expect(await paymentNeededEmails(visit.appointmentId)).toBe(1);
  });

  it('stops after the last try, for a cancelled visit, and for a bank that wants the customer', async () => {
    // Four failures: nothing more.
    const who = await customerWithCard();
    const visit = await visitOf(who);
    const before = (hours: number) => new Date(visit.startsAt.getTime() - hours * HOUR);
    for (const [hours, at] of [
      [23, 23],
      [17, 17],
      [5, 5],
      [2, 2],
    ] as const) {
      fake.declineNext();
      await pass(before(hours));
      await failedAt(visit.appointmentId, before(at));
    }
    expect(await holdsOf(visit.appointmentId)).toHaveLength(4);
    await pass(before(1));
    expect(await holdsOf(visit.appointmentId)).toHaveLength(4);

    // Cancelled after a failure: no retry.
    const other = await visitOf(who);
    fake.declineNext();
    await pass(new Date(other.startsAt.getTime() - 23 * HOUR));
    await failedAt(other.appointmentId, new Date(other.startsAt.getTime() - 23 * HOUR));
    expect((await edit(other, { status: 'cancelled' })).statusCode).toBe(200);
    await pass(new Date(other.startsAt.getTime() - 16 * HOUR));
    expect(await holdsOf(other.appointmentId)).toHaveLength(1);

    // The bank asks the customer to confirm: off session would say the same; no retry.
    const third = await visitOf(who);
    fake.requireActionNext();
    await pass(new Date(third.startsAt.getTime() - 23 * HOUR));
    await failedAt(third.appointmentId, new Date(third.startsAt.getTime() - 23 * HOUR));
    await pass(new Date(third.startsAt.getTime() - 16 * HOUR));
    expect(await holdsOf(third.appointmentId)).toMatchObject([{ failureCode: 'authentication_required' }]);
  });

  it('a card saved again ends the schedule: the next pass holds with the new card, once', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    fake.declineNext();
    await pass(new Date(visit.startsAt.getTime() - 23 * HOUR));
    await failedAt(visit.appointmentId, new Date(visit.startsAt.getTime() - 23 * HOUR));
    await saveCard(who);
    expect(await isMarked(visit.appointmentId)).toBe(false);
    await pass(new Date(visit.startsAt.getTime() - 22 * HOUR));
    await pass(new Date(visit.startsAt.getTime() - 16 * HOUR));
    expect(await holdsOf(visit.appointmentId)).toMatchObject([
      { attempt: 1, status: 'failed' },
      { attempt: 2, status: 'held' },
    ]);
  });
});

describe('holds renewed and released', () => {
  it('a visit moved a week later: its hold released at the move, a fresh one when it comes within the window', async () => {
    const { visit } = await heldVisit();
    // A week and five hours on (15:00: other tests' visits are at 10:00 on their own days).
    const later = new Date(visit.startsAt.getTime() + (7 * 24 + 5) * HOUR);
    const moved = await edit(visit, { startsAt: later });
    expect(moved.statusCode, moved.body).toBe(200);
    await fake.webhooks.settled();
    expect((await intentOf(visit.appointmentId))?.status).toBe('canceled');
    expect(await holdsOf(visit.appointmentId)).toMatchObject([{ status: 'canceled' }]);
    // Two days before its new time: nothing; 23 hours before: a new hold, a new key.
    await pass(new Date(later.getTime() - 48 * HOUR));
    expect(await holdsOf(visit.appointmentId)).toHaveLength(1);
    await pass(new Date(later.getTime() - 23 * HOUR));
    expect(await holdsOf(visit.appointmentId)).toMatchObject([
      { status: 'canceled' },
      { attempt: 2, status: 'held', idempotencyKey: `visit:${visit.appointmentId}:hold:2` },
    ]);
  });

  it('the customer moving their own visit a week later: its hold released at the move', async () => {
    const { who, visit } = await heldVisit();
    const later = new Date(visit.startsAt.getTime() + (7 * 24 + 6) * HOUR);
    const moved = await call(app, 'PUT', `/appointments/customer/${visit.appointmentId}`, who.headers, {
      serviceIds: [visit.serviceId],
      appointmentDate: later.toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await intentOf(visit.appointmentId))?.status).toBe('canceled');
    expect(await holdsOf(visit.appointmentId)).toMatchObject([{ status: 'canceled' }]);
  });

  it('a visit moved earlier into the window gets its hold at the next pass', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who, 14);
    const now = new Date(visit.startsAt.getTime() - 27 * HOUR);
    await pass(now);
    expect(await holdsOf(visit.appointmentId)).toHaveLength(0);
    // Four hours earlier the same day: 23 hours after `now`.
    const earlier = new Date(visit.startsAt.getTime() - 4 * HOUR);
    const moved = await edit(visit, { startsAt: earlier });
    expect(moved.statusCode, moved.body).toBe(200);
    await pass(now);
    expect(await holdsOf(visit.appointmentId)).toMatchObject([{ status: 'held' }]);
  });

  it('a hold that lapsed at Stripe: a fresh hold at the next pass (from its event, or the reconciliation when the event was lost)', async () => {
    const { visit } = await heldVisit();
    const now = new Date(visit.startsAt.getTime() - 20 * HOUR);
    fake.expireHold((await intentOf(visit.appointmentId))?.id ?? '');
    await fake.webhooks.settled();
    await pass(now);
    expect(await holdsOf(visit.appointmentId)).toMatchObject([{ status: 'canceled' }, { status: 'held' }]);

    // The event lost: the reconciliation marks it, then the pass holds again.
    fake.webhooks.hold();
    fake.expireHold((await intentOf(visit.appointmentId, 2))?.id ?? '');
    await pass(now);
    expect(await holdsOf(visit.appointmentId)).toHaveLength(2);
    const found = await reconcileCards(deps(), new Date());
    expect(found.filter((item) => item.appointmentId === visit.appointmentId)).toMatchObject([
      { kind: 'hold_lapsed', repaired: true },
    ]);
    await pass(now);
    expect(await holdsOf(visit.appointmentId)).toMatchObject([
      { status: 'canceled' },
      { status: 'canceled' },
      { attempt: 3, status: 'held' },
    ]);
    fake.webhooks.release();
    await fake.webhooks.settled();
  });

  it('an admin deleting a held visit: the hold released at Stripe, the visit gone', async () => {
    const { visit } = await heldVisit();
    const deleted = await call(app, 'DELETE', `/appointments/${visit.appointmentId}`, visit.admin.headers);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(
      fake
        .requests({ route: 'POST /v1/payment_intents/:id/cancel' })
        .map((request) => request.idempotencyKey),
    ).toContain(`visit:${visit.appointmentId}:release:1`);
    const intents = fake
      .objects('payment_intent')
      .filter((pi) => pi.metadata.visit_id === visit.appointmentId);
    expect(intents.map((pi) => pi.status)).toEqual(['canceled']);
    expect(await holdsOf(visit.appointmentId)).toHaveLength(0);
    const [row] = await app.db.select().from(appointments).where(eq(appointments.id, visit.appointmentId));
    expect(row).toBeUndefined();
  });

  it('an admin deleting a visit whose hold was declined', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    fake.declineNext();
    await pass(new Date(visit.startsAt.getTime() - 23 * HOUR));
    const deleted = await call(app, 'DELETE', `/appointments/${visit.appointmentId}`, visit.admin.headers);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
  });
});

describe('the reconciliation', () => {
  it('a capture Stripe has that our ledger lacks: written once, under the attempt’s key, with its receipt', async () => {
    const { visit } = await heldVisit();
    const intent = await intentOf(visit.appointmentId);
    // Captured at Stripe (the dashboard, or our record lost), nothing in our ledger.
    await card.stripe.paymentIntents.capture(intent?.id ?? '', {}, { idempotencyKey: 'dashboard-capture-1' });
    const first = await storeDiscrepancies(app.db, await reconcileCards(deps(), new Date()));
    expect(first.filter((item) => item.providerObjectId === intent?.id)).toMatchObject([
      { kind: 'payment_missing', repaired: true, cents: 11_300, appointmentId: visit.appointmentId },
    ]);
    const again = await storeDiscrepancies(app.db, await reconcileCards(deps(), new Date()));
    expect(again.filter((item) => item.providerObjectId === intent?.id)).toEqual([]);
    const rows = await app.db
      .select()
      .from(paymentLedger)
      .where(eq(paymentLedger.appointmentId, visit.appointmentId));
    expect(rows).toMatchObject([
      {
        kind: 'payment',
        cents: 11_300,
        method: 'card',
        providerPaymentId: intent?.id,
        idempotencyKey: `visit:${visit.appointmentId}:capture:1`,
      },
    ]);
    expect(await holdsOf(visit.appointmentId)).toMatchObject([{ status: 'captured' }]);
    // The office sees it.
    const listed = await call(app, 'GET', '/payments/discrepancies?size=50', visit.admin.headers);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(discrepanciesSchema.parse(listed.json()).content).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'payment_missing', providerObjectId: intent?.id, repaired: true }),
      ]),
    );
    const customer = await makeCustomer(app);
    expect((await call(app, 'GET', '/payments/discrepancies', customer.headers)).statusCode).toBe(403);
  });

  it('reports what it cannot repair: an amount that differs, a payment not at Stripe, refunds either way, Stripe’s money for no visit of ours', async () => {
    // Our ledger says 50.00 for a capture of 113.00.
    const { visit } = await heldVisit();
    const held = await intentOf(visit.appointmentId);
    const captured = await card.stripe.paymentIntents.capture(
      held?.id ?? '',
      {},
      { idempotencyKey: 'cap-2' },
    );
    await recordCardPayment(deps(), visit.appointmentId, {
      cents: 5_000,
      idempotencyKey: 'hand-typed',
      providerPaymentId: captured.id,
    });
    // A card payment whose PaymentIntent is only held at Stripe.
    const { visit: second } = await heldVisit();
    const onlyHeld = await intentOf(second.appointmentId);
    await recordCardPayment(deps(), second.appointmentId, {
      cents: 11_300,
      idempotencyKey: 'too-early',
      providerPaymentId: onlyHeld?.id ?? '',
    });
    // A refund made at Stripe only; a refund in our ledger Stripe never made.
    const refund = await card.stripe.refunds.create(
      { payment_intent: captured.id, amount: 1_000 },
      { idempotencyKey: 'dashboard-refund' },
    );
    await app.db.insert(paymentLedger).values({
      appointmentId: visit.appointmentId,
      kind: 'refund',
      cents: 500,
      method: 'card',
      note: 'typed in',
      idempotencyKey: 'ghost-refund',
      provider: 'stripe',
      providerPaymentId: captured.id,
      providerRefundId: 're_ghost',
    });
    // Money and a hold at Stripe for a visit we do not have.
    const [owner] = await app.db
      .select({ stripe: customers.stripeCustomerId, pm: customers.cardPaymentMethodId })
      .from(customers)
      .where(eq(customers.id, visit.customerId));
    const ghostVisit = crypto.randomUUID();
    const ghost = (capture: 'automatic' | 'manual') =>
      card.stripe.paymentIntents.create(
        {
          amount: 2_000,
          currency: 'cad',
          customer: owner?.stripe ?? '',
          payment_method: owner?.pm ?? '',
          confirm: true,
          off_session: true,
          capture_method: capture,
          metadata: {
            visit_id: ghostVisit,
            purpose: 'hold',
            attempt_key: `visit:${ghostVisit}:hold:${capture}`,
          },
        },
        { idempotencyKey: `ghost-${ghostVisit}-${capture}` },
      );
    const paid = await ghost('automatic');
    const authorised = await ghost('manual');

    const found = await storeDiscrepancies(app.db, await reconcileCards(deps(), new Date()));
    const byObject = (id: string) => found.filter((item) => item.providerObjectId === id);
    expect(byObject(captured.id)).toMatchObject([{ kind: 'amount_differs', repaired: false, cents: 11_300 }]);
    expect(byObject(onlyHeld?.id ?? '')).toMatchObject([{ kind: 'payment_not_at_stripe', repaired: false }]);
    expect(byObject(refund.id)).toMatchObject([{ kind: 'refund_missing', cents: 1_000 }]);
    expect(byObject('re_ghost')).toMatchObject([{ kind: 'refund_not_at_stripe', cents: 500 }]);
    expect(byObject(paid.id)).toMatchObject([{ kind: 'payment_unknown', appointmentId: ghostVisit }]);
    expect(byObject(authorised.id)).toMatchObject([{ kind: 'hold_unexpected', cents: 2_000 }]);
    // Nothing was written for them; a second run stores nothing new.
    const ledger = await app.db
      .select()
      .from(paymentLedger)
      .where(eq(paymentLedger.appointmentId, visit.appointmentId));
    expect(ledger).toHaveLength(2);
    const again = await storeDiscrepancies(app.db, await reconcileCards(deps(), new Date()));
    expect(again).toEqual([]);
  });
});

describe('the office’s list of money owed', () => {
  it('filters the staff table to the visits whose payment is needed, in the table’s order', async () => {
    const who = await customerWithCard();
    const declined = [await visitOf(who), await visitOf(who)];
    const fine = await visitOf(who);
    // Each visit's hold alone (the pass would take other tests' visits due at the same moment too).
    for (const visit of declined) {
      fake.declineNext();
      await holdVisit(deps(), visit.appointmentId);
    }
    await holdVisit(deps(), fine.appointmentId);
    const admin = declined[0]?.admin;
    const res = await call(app, 'GET', '/appointments/paged?payment=needed&size=50', admin?.headers ?? {});
    expect(res.statusCode, res.body).toBe(200);
    const page = appointmentsPageSchema.parse(res.json());
    const ids = page.content.map((row) => row.appointmentId);
    expect(ids).toEqual(expect.arrayContaining(declined.map((visit) => visit.appointmentId)));
    expect(ids).not.toContain(fine.appointmentId);
    expect(page.content.every((row) => row.payment?.state === 'payment_needed')).toBe(true);
    // Newest first, as the table.
    const dates = page.content.map((row) => row.appointmentDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const bad = await call(app, 'GET', '/appointments/paged?payment=owed', admin?.headers ?? {});
    expect(bad.statusCode).toBe(400);
  });
});

describe('a series cancelled or paused', () => {
  /** A weekly series for a customer with a card, its first visit held, at `hour` (its own hour: no overlap). */
  async function heldSeries(hour: number) {
    const who = await customerWithCard();
    const admin = await signedIn(app, ['admin']);
    const serviceId = await makeService(app);
    const first = fromLocal(addDays(todayIn(TZ), days + 1), hour, 0, TZ);
    const made = await call(app, 'POST', `/series/customers/${who.customerId}`, who.headers, {
      serviceIds: [serviceId],
      appointmentDate: first.toISOString(),
      frequency: 'weekly',
      place: TORONTO,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { seriesId } = seriesDetailSchema.parse(made.json());
    const [visit] = await app.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.seriesId, seriesId), eq(appointments.appointmentDate, first)));
    const visitId = visit?.id ?? '';
    await holdVisit(deps(), visitId);
    expect(await holdsOf(visitId)).toMatchObject([{ status: 'held' }]);
    return { admin, seriesId, visitId, first };
  }

  it('paused by the office: its held visit released at Stripe and taken off the plan (was 409)', async () => {
    const { admin, seriesId, visitId } = await heldSeries(14);
    const paused = await call(app, 'POST', `/series/${seriesId}/pause`, admin.headers, {});
    expect(paused.statusCode, paused.body).toBe(200);
    const intents = fake.objects('payment_intent').filter((pi) => pi.metadata.visit_id === visitId);
    expect(intents.map((pi) => pi.status)).toEqual(['canceled']);
    const [row] = await app.db.select().from(appointments).where(eq(appointments.id, visitId));
    expect(row).toBeUndefined();
  });

  it('cancelled: its held visits are released by the next pass, once', async () => {
    const { admin, seriesId, visitId, first } = await heldSeries(10);
    const cancelled = await call(app, 'POST', `/series/${seriesId}/cancel`, admin.headers, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await pass(new Date(first.getTime() - 20 * HOUR));
    await pass(new Date(first.getTime() - 19 * HOUR));
    expect(await holdsOf(visitId)).toMatchObject([{ status: 'canceled' }]);
    expect((await intentOf(visitId))?.status).toBe('canceled');
    expect(
      fake
        .requests({ route: 'POST /v1/payment_intents/:id/cancel' })
        .filter((request) => request.idempotencyKey === `visit:${visitId}:release:1` && !request.replayed),
    ).toHaveLength(1);
  });
});
