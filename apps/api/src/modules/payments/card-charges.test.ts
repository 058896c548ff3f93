import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, appointmentSchema, lateCancellationPolicySchema, visitPaymentsSchema } from '@eclat/shared';
import {
  appointmentAssignments,
  appointments,
  paymentAttempts,
  paymentLedger,
  receipts,
  tipShares,
} from '../../db/schema/index.ts';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { renderFeedbackRequest, type FeedbackRequestData } from '../../mail/templates/feedback-request.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  call,
  makeCustomer,
  makeEmployee,
  makeService,
  signedIn,
  type Headers,
  type TestCustomer,
} from '../../../test/factories.ts';
import type { StripeFake } from '../../../test/fakes/stripe-fake.ts';
import {
  CARD_TESTS_TZ as TZ,
  confirmedVisitAhead,
  TORONTO,
  useStripeCardTests,
} from '../../../test/stripe-app.ts';
import { reconcileCards } from './card-reconcile.ts';

/**
 * Charges to the card on file besides the visit's own (decision 057), against the strict local Stripe
 * (decision 046): the customer's tip, the office's lockout fee, a late-cancellation fee with the owner's
 * policy "fee". Each: exactly one PaymentIntent at the fake under `visit:<id>:<tip|fee>:<n>`, one ledger
 * row, one receipt.
 */

const HOUR = 60 * 60 * 1000;

let fake: StripeFake;
let app: TestApp;
const { deps, customerWithCard } = useStripeCardTests(
  { env: { LATE_CANCELLATION: 'fee', LATE_CANCELLATION_FEE_CENTS: '4000' } },
  (ready) => ({ fake, app } = ready),
);

let days = 3;
/** A $100 visit for the customer in Toronto (HST 13 %: $113.00), booked by the admin a new day ahead. */
async function visitOf(who: TestCustomer) {
  days += 1;
  return confirmedVisitAhead(app, who, days);
}

/** The visit placed `hours` from now (negative: in the past), with this status. */
async function placeVisit(appointmentId: string, hours: number, status?: 'completed' | 'cancelled') {
  const start = new Date(Date.now() + hours * HOUR);
  await app.db
    .update(appointments)
    .set({ appointmentDate: start, endsAt: new Date(start.getTime() + HOUR), ...(status ? { status } : {}) })
    .where(eq(appointments.id, appointmentId));
}

/** A visit done yesterday, with two cleaners on it. */
async function doneVisit(who: TestCustomer) {
  const visit = await visitOf(who);
  await placeVisit(visit.appointmentId, -24, 'completed');
  const cleaners = [await makeEmployee(app), await makeEmployee(app)];
  await app.db
    .insert(appointmentAssignments)
    .values(cleaners.map((cleaner) => ({ appointmentId: visit.appointmentId, employeeId: cleaner.id })));
  return { ...visit, cleaners };
}

let keys = 0;
const newKey = () => `test-key-${(keys += 1)}-${Date.now()}`;

const tip = (headers: Headers, appointmentId: string, cents: number, idempotencyKey = newKey()) =>
  call(app, 'POST', `/appointments/${appointmentId}/tips`, headers, { cents, idempotencyKey });

/** The PaymentIntents our app asked the fake to make for a visit (retries replayed are not new). */
const intentRequests = (appointmentId: string) =>
  fake
    .requests({ route: 'POST /v1/payment_intents' })
    .filter((request) => request.idempotencyKey?.startsWith(`visit:${appointmentId}:`) && !request.replayed)
    .map((request) => request.idempotencyKey);

const ledgerOf = (appointmentId: string) =>
  app.db
    .select({
      kind: paymentLedger.kind,
      cents: paymentLedger.cents,
      method: paymentLedger.method,
      feeKind: paymentLedger.feeKind,
      key: paymentLedger.idempotencyKey,
      id: paymentLedger.id,
    })
    .from(paymentLedger)
    .where(eq(paymentLedger.appointmentId, appointmentId))
    .orderBy(paymentLedger.createdAt);

const receiptsOf = (appointmentId: string) =>
  app.db.select().from(receipts).where(eq(receipts.appointmentId, appointmentId));

async function receiptEmailsTo(address: string) {
  const { rows } = await app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = 'email' and data->>'to' = ${address}
          and data->'message'->>'template' = 'receipt'`,
  );
  return rows[0]?.n ?? 0;
}

describe('a tip by card', () => {
  it('charges the card on file once, shares it between the cleaners, and sends a receipt', async () => {
    const who = await customerWithCard();
    const visit = await doneVisit(who);
    const key = newKey();
    const res = await tip(who.headers, visit.appointmentId, 1001, key);
    expect(res.statusCode, res.body).toBe(201);
    const payments = visitPaymentsSchema.parse(res.json());
    expect(payments.money.tipsCents).toBe(1001);
    // Sent twice (a double press, a retry): the same answer, nothing more charged.
    const again = await tip(who.headers, visit.appointmentId, 1001, key);
    expect(again.statusCode, again.body).toBe(201);

    expect(intentRequests(visit.appointmentId)).toEqual([`visit:${visit.appointmentId}:tip:1`]);
    const intent = fake
      .objects('payment_intent')
      .find((i) => i.metadata.attempt_key?.endsWith(':tip:1') && i.metadata.visit_id === visit.appointmentId);
    expect(intent).toMatchObject({ amount: 1001, status: 'succeeded' });
    const ledger = await ledgerOf(visit.appointmentId);
    expect(ledger).toMatchObject([
      { kind: 'tip', cents: 1001, method: 'card', key: `visit:${visit.appointmentId}:tip:1` },
    ]);
    const shares = await app.db
      .select({ employeeId: tipShares.employeeId, cents: tipShares.cents })
      .from(tipShares)
      .where(eq(tipShares.ledgerEntryId, ledger[0]?.id ?? ''));
    expect(shares.map((share) => share.cents).sort()).toEqual([500, 501]);
    expect(new Set(shares.map((share) => share.employeeId))).toEqual(
      new Set(visit.cleaners.map((cleaner) => cleaner.id)),
    );
    const [receipt] = await receiptsOf(visit.appointmentId);
    expect(receipt?.document).toMatchObject({ kind: 'receipt', tipCents: 1001, amount: { method: 'card' } });
    expect(await receiptEmailsTo(who.email)).toBe(1);
    // The reconciliation with Stripe finds the tip's PaymentIntent in the ledger: no difference.
    const found = await reconcileCards(deps(), new Date());
    expect(found.filter((item) => item.providerObjectId === intent?.id)).toEqual([]);
  });

  it('is the visit’s own customer’s only: another customer, an employee, the admin are refused', async () => {
    const who = await customerWithCard();
    const visit = await doneVisit(who);
    const other = await customerWithCard();
    const employee = await signedIn(app, ['employee']);
    expect((await tip(other.headers, visit.appointmentId, 500)).statusCode).toBe(403);
    expect((await tip(employee.headers, visit.appointmentId, 500)).statusCode).toBe(403);
    expect((await tip(visit.admin.headers, visit.appointmentId, 500)).statusCode).toBe(403);
    expect((await tip({}, visit.appointmentId, 500)).statusCode).toBe(401);
    expect(intentRequests(visit.appointmentId)).toEqual([]);
    expect(await ledgerOf(visit.appointmentId)).toEqual([]);
  });

  it('refuses a cancelled or future visit, a tip out of bounds, no card; a declined card records nothing', async () => {
    const who = await customerWithCard();
    const future = await visitOf(who);
    const cancelled = await visitOf(who);
    await placeVisit(cancelled.appointmentId, -48, 'cancelled');
    const done = await doneVisit(who);

    const early = await tip(who.headers, future.appointmentId, 500);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'TIP_NOT_COMPLETED' });
    const onCancelled = await tip(who.headers, cancelled.appointmentId, 500);
    expect(onCancelled.statusCode).toBe(409);
    expect(onCancelled.json()).toMatchObject({ code: 'TIP_NOT_COMPLETED' });
    for (const cents of [0, 99, 50_001, 12.5]) {
      const res = await tip(who.headers, done.appointmentId, cents);
      expect(res.statusCode, `${cents}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }

    const noCard = await makeCustomer(app, { postalCode: TORONTO.postalCode });
    const theirs = await doneVisit(noCard);
    const without = await tip(noCard.headers, theirs.appointmentId, 500);
    expect(without.statusCode).toBe(409);
    expect(without.json()).toMatchObject({ code: 'NO_CARD_ON_FILE' });

    fake.declineNext({ count: 1, step: 'confirm' });
    const key = newKey();
    const declined = await tip(who.headers, done.appointmentId, 500, key);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'CARD_DECLINED' });
    await fake.webhooks.settled();
    expect(await ledgerOf(done.appointmentId)).toEqual([]);
    // A declined tip owes nothing: the visit is not "payment needed".
    const [row] = await app.db
      .select({ paymentNeeded: appointments.paymentNeeded })
      .from(appointments)
      .where(eq(appointments.id, done.appointmentId));
    expect(row?.paymentNeeded).toBe(false);
    // The same dialog again is the same declined attempt; a new one tries again and is charged.
    expect((await tip(who.headers, done.appointmentId, 500, key)).statusCode).toBe(402);
    expect((await tip(who.headers, done.appointmentId, 500)).statusCode).toBe(201);
    expect(intentRequests(done.appointmentId)).toEqual([
      `visit:${done.appointmentId}:tip:1`,
      `visit:${done.appointmentId}:tip:2`,
    ]);
    expect(await ledgerOf(done.appointmentId)).toMatchObject([{ kind: 'tip', cents: 500 }]);
  });
});

describe('the feedback email', () => {
  it('offers the tip by a link to My Appointments once the visit is completed', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    const res = await call(app, 'PUT', `/appointments/${visit.appointmentId}`, visit.admin.headers, {
      customerId: visit.customerId,
      serviceIds: [await makeService(app)],
      appointmentDate: visit.appointmentDate,
      status: 'completed',
      place: TORONTO,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await app.db.execute<{ data: { message: { data: FeedbackRequestData } } }>(
      sql`select data from pgboss.job where name = 'email' and data->>'to' = ${who.email}
            and data->'message'->>'template' = 'feedback-request'`,
    );
    const data = rows[0]?.data.message.data;
    expect(data).toMatchObject({ appointmentId: visit.appointmentId, tipByCard: true });
    if (!data) throw new Error('no feedback request');
    const ctx = { publicUrl: 'http://localhost:3000', brandName: 'Éclat', timeZone: TZ };
    const url = `http://localhost:3000/my-appointments?tip=${visit.appointmentId}`;
    expect(renderFeedbackRequest(data, 'en', ctx).text).toContain(
      `Add a tip, charged to your card on file: ${url}`,
    );
    expect(renderFeedbackRequest(data, 'fr', ctx).text).toContain(url);
    expect(renderFeedbackRequest({ ...data, tipByCard: undefined }, 'en', ctx).text).not.toContain('tip');
  });
});

describe('a deposit per service', () => {
  const depositOf = (headers: Headers, serviceId: string, deposit?: object | null) =>
    deposit === undefined
      ? call(app, 'GET', `/admin/services/${serviceId}/deposit`, headers)
      : call(app, 'PUT', `/admin/services/${serviceId}/deposit`, headers, { deposit });

  it('is set by the admin only, as a percent or a fixed amount', async () => {
    const admin = await signedIn(app, ['admin']);
    const employee = await signedIn(app, ['employee']);
    const who = await makeCustomer(app);
    const serviceId = await makeService(app);
    expect((await depositOf(admin.headers, serviceId)).json()).toEqual({ deposit: null });
    const rule = { kind: 'percent', percent: 25 };
    expect((await depositOf(who.headers, serviceId, rule)).statusCode).toBe(403);
    expect((await depositOf(employee.headers, serviceId, rule)).statusCode).toBe(403);
    for (const bad of [
      { kind: 'percent', percent: 0 },
      { kind: 'percent', percent: 101 },
      { kind: 'fixed', cents: 49 },
    ]) {
      const res = await depositOf(admin.headers, serviceId, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await depositOf(admin.headers, serviceId, rule)).json()).toEqual({ deposit: rule });
    expect((await depositOf(admin.headers, serviceId)).json()).toEqual({ deposit: rule });
    const fixed = { kind: 'fixed', cents: 5_000 };
    expect((await depositOf(admin.headers, serviceId, fixed)).json()).toEqual({ deposit: fixed });
    expect((await depositOf(admin.headers, serviceId, null)).json()).toEqual({ deposit: null });
    const missing = await depositOf(admin.headers, '00000000-0000-4000-8000-000000000000', rule);
    expect(missing.statusCode).toBe(404);
  });

  it('is taken at booking from the card on file once, with a receipt; a cancelled visit owes it back', async () => {
    const admin = await signedIn(app, ['admin']);
    const serviceId = await makeService(app);
    await depositOf(admin.headers, serviceId, { kind: 'percent', percent: 25 });
    const who = await customerWithCard();
    days += 1;
    const res = await call(app, 'POST', `/appointments/customers/${who.customerId}`, who.headers, {
      serviceIds: [serviceId],
      appointmentDate: fromLocal(addDays(todayIn(TZ), days), 10, 0, TZ).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { appointmentId } = appointmentSchema.parse(res.json());
    // $100.00 in Toronto: $113.00 with HST; a quarter of it.
    expect(intentRequests(appointmentId)).toEqual([`visit:${appointmentId}:deposit:1`]);
    expect(await ledgerOf(appointmentId)).toMatchObject([
      { kind: 'payment', cents: 2_825, method: 'card', key: `visit:${appointmentId}:deposit:1` },
    ]);
    expect(await receiptsOf(appointmentId)).toHaveLength(1);
    expect(await receiptEmailsTo(who.email)).toBe(1);
    const money = async () =>
      visitPaymentsSchema.parse(
        (await call(app, 'GET', `/appointments/${appointmentId}/payments`, admin.headers)).json(),
      ).money;
    expect(await money()).toMatchObject({ paidCents: 2_825, owedCents: 8_475, state: 'partly_paid' });

    // Cancelled in time: the visit costs nothing and the deposit is due back (the admin refunds it).
    const cancel = await call(app, 'POST', `/appointments/customer/${appointmentId}/cancel`, who.headers);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await money()).toMatchObject({ refundDueCents: 2_825, state: 'refund_due' });
  });

  it('is not taken without a card on file (the booking is refused first), nor for a service without one', async () => {
    const admin = await signedIn(app, ['admin']);
    const withDeposit = await makeService(app);
    await depositOf(admin.headers, withDeposit, { kind: 'fixed', cents: 5_000 });
    const noCard = await makeCustomer(app, { postalCode: TORONTO.postalCode });
    const withCard = await customerWithCard();
    const plain = await makeService(app);
    const book = (who: { customerId: string; headers: Record<string, string> }, serviceId: string) => {
      days += 1;
      return call(app, 'POST', `/appointments/customers/${who.customerId}`, who.headers, {
        serviceIds: [serviceId],
        appointmentDate: fromLocal(addDays(todayIn(TZ), days), 10, 0, TZ).toISOString(),
      });
    };
    // Without a card, the customer's own booking is refused (decision 056): nothing booked, nothing charged.
    const refused = await book(noCard, withDeposit);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CARD_REQUIRED' });
    // With a card, a service that asks no deposit takes none.
    const res = await book(withCard, plain);
    expect(res.statusCode, res.body).toBe(201);
    const { appointmentId } = appointmentSchema.parse(res.json());
    expect(intentRequests(appointmentId).filter((key) => key?.includes(':deposit:'))).toEqual([]);
    expect(await ledgerOf(appointmentId)).toEqual([]);
  });
});

describe('the lockout fee by card', () => {
  it('charges the fee and its taxes to the card on file once, with a receipt', async () => {
    const who = await customerWithCard();
    const visit = await doneVisit(who);
    const idempotencyKey = newKey();
    const body = { feeKind: 'lockout', cents: 5000, note: 'No one home', idempotencyKey };
    const res = await call(
      app,
      'POST',
      `/appointments/${visit.appointmentId}/fees`,
      visit.admin.headers,
      body,
    );
    expect(res.statusCode, res.body).toBe(201);
    const again = await call(
      app,
      'POST',
      `/appointments/${visit.appointmentId}/fees`,
      visit.admin.headers,
      body,
    );
    expect(again.statusCode, again.body).toBe(201);

    expect(intentRequests(visit.appointmentId)).toEqual([`visit:${visit.appointmentId}:fee:1`]);
    // $50.00 and Ontario's HST: $56.50.
    expect(await ledgerOf(visit.appointmentId)).toMatchObject([
      { kind: 'fee', cents: 5000, feeKind: 'lockout', key: idempotencyKey },
      { kind: 'payment', cents: 5650, method: 'card', key: `visit:${visit.appointmentId}:fee:1` },
    ]);
    expect(await receiptsOf(visit.appointmentId)).toHaveLength(1);
    expect(await receiptEmailsTo(who.email)).toBe(1);
    const money = visitPaymentsSchema.parse(again.json()).money;
    expect(money).toMatchObject({ feesCents: 5000, paidCents: 5650 });
  });

  it('is the admin’s only; a customer without a card owes the fee', async () => {
    const who = await makeCustomer(app, { postalCode: TORONTO.postalCode });
    const visit = await doneVisit(who);
    const body = { feeKind: 'lockout', cents: 5000, idempotencyKey: newKey() };
    const employee = await signedIn(app, ['employee']);
    expect(
      (await call(app, 'POST', `/appointments/${visit.appointmentId}/fees`, who.headers, body)).statusCode,
    ).toBe(403);
    expect(
      (await call(app, 'POST', `/appointments/${visit.appointmentId}/fees`, employee.headers, body))
        .statusCode,
    ).toBe(403);
    const res = await call(
      app,
      'POST',
      `/appointments/${visit.appointmentId}/fees`,
      visit.admin.headers,
      body,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(intentRequests(visit.appointmentId)).toEqual([]);
    expect(await ledgerOf(visit.appointmentId)).toMatchObject([{ kind: 'fee', cents: 5000 }]);
  });
});

describe('the late-cancellation fee (LATE_CANCELLATION=fee)', () => {
  it('tells anyone the policy, with the fee before tax', async () => {
    const res = await call(app, 'GET', '/settings/late-cancellation');
    expect(lateCancellationPolicySchema.parse(res.json())).toEqual({ policy: 'fee', feeCents: 4000 });
  });

  it('lets the customer cancel inside the cut-off and charges the fee to the card once', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    await placeVisit(visit.appointmentId, 5);
    const res = await call(app, 'POST', `/appointments/customer/${visit.appointmentId}/cancel`, who.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(appointmentSchema.parse(res.json()).status).toBe('cancelled');
    // Cancelling again changes nothing and charges nothing.
    await call(app, 'POST', `/appointments/customer/${visit.appointmentId}/cancel`, who.headers);

    expect(intentRequests(visit.appointmentId)).toEqual([`visit:${visit.appointmentId}:fee:1`]);
    const ledger = await ledgerOf(visit.appointmentId);
    expect(ledger).toMatchObject([
      { kind: 'fee', cents: 4000, feeKind: 'late_cancellation' },
      { kind: 'payment', cents: 4520, method: 'card' },
    ]);
    expect(await receiptsOf(visit.appointmentId)).toHaveLength(1);
    const attempts = await app.db
      .select({ status: paymentAttempts.status })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.appointmentId, visit.appointmentId), eq(paymentAttempts.purpose, 'fee')));
    expect(attempts).toEqual([{ status: 'captured' }]);
  });

  it('takes no fee outside the cut-off', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    const res = await call(app, 'POST', `/appointments/customer/${visit.appointmentId}/cancel`, who.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerOf(visit.appointmentId)).toEqual([]);
    expect(intentRequests(visit.appointmentId)).toEqual([]);
  });

  it('records the fee as owed with PAYMENTS=manual, and keeps "call us" when unset', async () => {
    for (const [env, policy] of [
      [{ PAYMENTS: 'manual', LATE_CANCELLATION: 'fee', LATE_CANCELLATION_FEE_CENTS: '4000' }, 'fee'],
      [{ PAYMENTS: 'manual' }, 'call-us'],
    ] as const) {
      const manual = await buildTestApp(env);
      try {
        const stated = await call(manual, 'GET', '/settings/late-cancellation');
        expect(lateCancellationPolicySchema.parse(stated.json()).policy).toBe(policy);
        const who = await makeCustomer(manual, { postalCode: TORONTO.postalCode });
        const admin = await signedIn(manual, ['admin']);
        const res = await call(manual, 'POST', '/appointments', admin.headers, {
          customerId: who.customerId,
          serviceIds: [await makeService(manual)],
          appointmentDate: fromLocal(addDays(todayIn(TZ), 30), 10, 0, TZ).toISOString(),
          status: 'confirmed',
          place: TORONTO,
        });
        const { appointmentId } = appointmentSchema.parse(res.json());
        const start = new Date(Date.now() + 5 * HOUR);
        await manual.db
          .update(appointments)
          .set({ appointmentDate: start, endsAt: new Date(start.getTime() + HOUR) })
          .where(eq(appointments.id, appointmentId));
        const cancel = await call(
          manual,
          'POST',
          `/appointments/customer/${appointmentId}/cancel`,
          who.headers,
        );
        if (policy === 'call-us') {
          expect(cancel.statusCode).toBe(409);
          expect(cancel.json()).toMatchObject({ code: 'TOO_LATE_TO_CHANGE' });
          continue;
        }
        expect(cancel.statusCode, cancel.body).toBe(200);
        const money = await call(manual, 'GET', `/appointments/${appointmentId}/payments`, admin.headers);
        expect(visitPaymentsSchema.parse(money.json()).money).toMatchObject({
          feesCents: 4000,
          totalCents: 4520,
          owedCents: 4520,
        });
      } finally {
        await manual.close();
      }
    }
  });
});
