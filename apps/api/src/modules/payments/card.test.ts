import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { cardOnFileSchema, visitPaymentsSchema, appointmentsPageSchema } from '@eclat/shared';
import { customers, paymentAttempts, stripeEvents } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { call, makeCustomer, makeService, type TestCustomer } from '../../../test/factories.ts';
import type { StripeFake } from '../../../test/fakes/stripe-fake.ts';
import {
  confirmedVisitAhead,
  sendHostedCardPage,
  TORONTO,
  useStripeCardTests,
} from '../../../test/stripe-app.ts';
import { placeDueHolds, settleCompletedVisit, settleLeftovers } from './card.service.ts';

/**
 * PAYMENTS=stripe (decision 053) against the strict local Stripe (decision 046): the real app, its
 * PostgreSQL, and the fake on loopback, its webhooks sent to the app's own route.
 */

const HOUR = 60 * 60 * 1000;

let fake: StripeFake;
let app: TestApp;
// The hold pass as the job runs it, with a client that gives up after half a second, no retry.
const { deps } = useStripeCardTests({ timeoutMs: 500 }, (ready) => ({ fake, app } = ready));

const cardOf = async (who: TestCustomer) => {
  const res = await call(app, 'GET', '/payments/card', who.headers);
  expect(res.statusCode, res.body).toBe(200);
  return cardOnFileSchema.nullable().parse(res.json());
};

/** The customer asks for the card page, and sends its form with this test card. */
const saveCard = (who: TestCustomer, testCard = 'good') => sendHostedCardPage(app, who, testCard);

const stripeCustomerOf = async (customerId: string) => {
  const [row] = await app.db
    .select({ id: customers.stripeCustomerId })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.id ?? null;
};

const customerWithCard = async () => {
  const who = await makeCustomer(app, { postalCode: TORONTO.postalCode });
  await saveCard(who);
  await fake.webhooks.settled();
  expect(await cardOf(who)).not.toBeNull();
  return who;
};

let days = 3;
/** A $100 visit for the customer in Toronto, confirmed by the admin, a new day each (10:00). */
async function visitOf(who: TestCustomer) {
  days += 1;
  return confirmedVisitAhead(app, who, days);
}

const holdsOf = (appointmentId: string) =>
  app.db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.appointmentId, appointmentId), eq(paymentAttempts.purpose, 'hold')))
    .orderBy(paymentAttempts.attempt);

const intentsOf = (stripeCustomer: string | null) =>
  fake.objects('payment_intent').filter((intent) => intent.customer === stripeCustomer);

/** The admin changes the visit's status (and services), as the office's form sends it. */
const setStatus = (
  visit: Awaited<ReturnType<typeof visitOf>>,
  status: string,
  serviceIds = [visit.serviceId],
) =>
  call(app, 'PUT', `/appointments/${visit.appointmentId}`, visit.admin.headers, {
    customerId: visit.customerId,
    serviceIds,
    appointmentDate: visit.appointmentDate,
    status,
    place: TORONTO,
  });

const paymentsOf = async (visit: Awaited<ReturnType<typeof visitOf>>) => {
  const res = await call(app, 'GET', `/appointments/${visit.appointmentId}/payments`, visit.admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return visitPaymentsSchema.parse(res.json());
};

const keysAt = (route: string, appointmentId: string) =>
  fake
    .requests({ route })
    .filter((request) => request.idempotencyKey?.startsWith(`visit:${appointmentId}:`))
    .map((request) => request.idempotencyKey);

/** The "Payment needed" emails queued to an address: their language and visit. */
async function paymentNeededEmailsTo(address: string) {
  const { rows } = await app.db.execute<{
    data: { locale: string; message: { data: { appointmentId: string } } };
  }>(
    sql`select data from pgboss.job where name = 'email' and data->>'to' = ${address}
          and data->'message'->>'template' = 'payment-needed' order by created_on`,
  );
  return rows.map((row) => ({ locale: row.data.locale, appointmentId: row.data.message.data.appointmentId }));
}

const runHolds = (now: Date) => placeDueHolds(deps(), now);

describe('the card on file', () => {
  it('keeps a card through a setup-mode Checkout page: one Stripe customer, the card from the webhook', async () => {
    const who = await makeCustomer(app);
    expect(await cardOf(who)).toBeNull();
    const first = await call(app, 'POST', '/payments/card-setup', who.headers);
    expect(first.statusCode, first.body).toBe(201);
    const stripeCustomer = await stripeCustomerOf(who.customerId);
    expect(stripeCustomer).toMatch(/^cus_/);

    const { url, status, location } = await saveCard(who);
    expect(url.startsWith(fake.url)).toBe(true);
    expect(status).toBe(303);
    expect(location).toMatch(/^http:\/\/localhost:3000\/profile\?card=saved&session=cs_/);
    // Asked twice, still one customer at Stripe (its key comes from our customer's id).
    expect(await stripeCustomerOf(who.customerId)).toBe(stripeCustomer);
    expect(fake.objects('customer').filter((c) => c.id === stripeCustomer)).toHaveLength(1);

    await fake.webhooks.settled();
    const saved = await cardOf(who);
    expect(saved).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(JSON.stringify(saved)).not.toMatch(/4242424242424242/);
    const [pm] = fake.objects('payment_method').filter((p) => p.customer === stripeCustomer);
    const customer = fake.objects('customer').find((c) => c.id === stripeCustomer);
    expect(customer?.invoice_settings.default_payment_method).toBe(pm?.id);

    // Back on our page: the same card, nothing more.
    const session = new URL(location ?? '').searchParams.get('session') ?? '';
    const done = await call(app, 'POST', '/payments/card-setup/done', who.headers, { sessionId: session });
    expect(done.statusCode, done.body).toBe(200);
    expect(cardOnFileSchema.parse(done.json())).toEqual(saved);
    // Someone else's session is not theirs.
    const other = await makeCustomer(app);
    await call(app, 'POST', '/payments/card-setup', other.headers);
    const foreign = await call(app, 'POST', '/payments/card-setup/done', other.headers, {
      sessionId: session,
    });
    expect(foreign.statusCode).toBe(404);

    const removed = await call(app, 'DELETE', '/payments/card', who.headers);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await cardOf(who)).toBeNull();
    expect(fake.objects('payment_method').find((p) => p.id === pm?.id)?.customer).toBeNull();
  });

  it('answers 404 PAYMENTS_OFF in the other modes', async () => {
    const manual = await buildTestApp({ PAYMENTS: 'manual' });
    try {
      const who = await makeCustomer(manual);
      const res = await call(manual, 'GET', '/payments/card', who.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'PAYMENTS_OFF' });
    } finally {
      await manual.close();
    }
  });
});

describe('the webhooks', () => {
  it('refuses a forged or missing signature and applies nothing', async () => {
    await customerWithCard();
    const [event] = fake.events('checkout.session.completed');
    if (!event) throw new Error('no event');
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(stripeEvents);
    const forged = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ ...event, id: 'evt_forged' }),
    });
    expect(forged.statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    const after = await app.db.select({ n: sql<number>`count(*)::int` }).from(stripeEvents);
    expect(after).toEqual(before);
  });

  it('applies each event once: delivered twice, sent again, or in reverse order, the newest card stays', async () => {
    const who = await makeCustomer(app);
    fake.webhooks.hold();
    fake.webhooks.duplicateNext(100);
    await saveCard(who);
    const second = await saveCard(who);
    expect(second.status).toBe(303);
    fake.webhooks.release({ order: 'reverse' });
    await fake.webhooks.settled();
    fake.webhooks.duplicateNext(0);

    const stripeCustomer = await stripeCustomerOf(who.customerId);
    const cards = fake.objects('payment_method').filter((pm) => pm.customer === stripeCustomer);
    expect(cards).toHaveLength(2);
    const newest = cards.at(-1);
    const [row] = await app.db
      .select({ pm: customers.cardPaymentMethodId })
      .from(customers)
      .where(eq(customers.id, who.customerId));
    expect(row?.pm).toBe(newest?.id);

    // Every delivery answered 200; each event stored once.
    const ids = fake.events().map((event) => event.id);
    const stored = await app.db
      .select({ id: stripeEvents.id })
      .from(stripeEvents)
      .where(inArray(stripeEvents.id, ids));
    expect(new Set(stored.map((event) => event.id)).size).toBe(stored.length);
    const completed = fake.events('checkout.session.completed').at(-1);
    if (!completed) throw new Error('no event');
    fake.webhooks.redeliver(completed.id);
    await fake.webhooks.settled();
    expect(fake.webhooks.deliveries().every((delivery) => delivery.status === 200)).toBe(true);
    expect((await cardOf(who))?.last4).toBe('4242');
  });
});

describe('the hold before the visit', () => {
  it('holds the visit’s total with taxes once, 23 hours before it, with our key; the money shows no payment', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    const stripeCustomer = await stripeCustomerOf(who.customerId);

    // Two days before: not yet.
    await runHolds(new Date(visit.startsAt.getTime() - 48 * HOUR));
    expect(intentsOf(stripeCustomer)).toHaveLength(0);

    const now = new Date(visit.startsAt.getTime() - 23 * HOUR);
    await runHolds(now);
    const [intent] = intentsOf(stripeCustomer);
    expect(intentsOf(stripeCustomer)).toHaveLength(1);
    expect(intent).toMatchObject({ status: 'requires_capture', amount: 11_300, capture_method: 'manual' });
    const created = fake
      .requests({ route: 'POST /v1/payment_intents' })
      .filter((request) => request.idempotencyKey?.startsWith(`visit:${visit.appointmentId}:`));
    expect(created.map((request) => request.idempotencyKey)).toEqual([`visit:${visit.appointmentId}:hold:1`]);

    await runHolds(now);
    expect(intentsOf(stripeCustomer)).toHaveLength(1);
    expect(await holdsOf(visit.appointmentId)).toMatchObject([
      { status: 'held', attempt: 1, cents: 11_300, providerPaymentId: intent?.id },
    ]);

    const money = await call(
      app,
      'GET',
      `/appointments/${visit.appointmentId}/payments`,
      visit.admin.headers,
    );
    expect(visitPaymentsSchema.parse(money.json()).money).toMatchObject({
      paidCents: 0,
      owedCents: 11_300,
      state: 'unpaid',
    });
    // The webhooks of the hold change nothing more.
    await fake.webhooks.settled();
    expect(await holdsOf(visit.appointmentId)).toMatchObject([{ status: 'held' }]);
  });

  it('Stripe’s answer lost: the pending attempt sends the same key again, one intent', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    const stripeCustomer = await stripeCustomerOf(who.customerId);
    // Stripe did the work, the answer was lost (the client gave up): our row stays pending.
    fake.timeOutNext({ count: 1, route: 'POST /v1/payment_intents' });
    const now = new Date(visit.startsAt.getTime() - 23 * HOUR);
    await expect(runHolds(now)).rejects.toThrow();
    await fake.idle();
    expect(await holdsOf(visit.appointmentId)).toMatchObject([{ status: 'pending', attempt: 1 }]);

    await runHolds(now);
    expect(intentsOf(stripeCustomer)).toHaveLength(1);
    expect(await holdsOf(visit.appointmentId)).toMatchObject([{ status: 'held', attempt: 1 }]);
  });

  it('a declined hold marks the visit payment needed and records why; no new attempt by itself', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    fake.declineNext({ code: 'card_declined' });
    const now = new Date(visit.startsAt.getTime() - 23 * HOUR);
    expect(await runHolds(now)).toBe(0);
    expect(await holdsOf(visit.appointmentId)).toMatchObject([
      { status: 'failed', failureCode: 'card_declined' },
    ]);
    const money = await call(
      app,
      'GET',
      `/appointments/${visit.appointmentId}/payments`,
      visit.admin.headers,
    );
    expect(visitPaymentsSchema.parse(money.json()).money.state).toBe('payment_needed');
    // The office's table says it too.
    const table = appointmentsPageSchema.parse(
      (await call(app, 'GET', '/appointments/paged?size=50', visit.admin.headers)).json(),
    );
    expect(table.content.find((row) => row.appointmentId === visit.appointmentId)?.payment?.state).toBe(
      'payment_needed',
    );
    await runHolds(now);
    expect(await holdsOf(visit.appointmentId)).toHaveLength(1);
    // One "Payment needed" email, whichever of our call's answer and Stripe's event came first.
    await fake.webhooks.settled();
    expect(await paymentNeededEmailsTo(who.email)).toEqual([
      { locale: 'en', appointmentId: visit.appointmentId },
    ]);

    // The customer saves a card again: the next pass holds again, a second attempt with its own key.
    await saveCard(who);
    await fake.webhooks.settled();
    await runHolds(now);
    expect(
      (await holdsOf(visit.appointmentId)).map((hold) => [hold.attempt, hold.status, hold.idempotencyKey]),
    ).toEqual([
      [1, 'failed', `visit:${visit.appointmentId}:hold:1`],
      [2, 'held', `visit:${visit.appointmentId}:hold:2`],
    ]);
    expect((await paymentsOf(visit)).money.state).toBe('unpaid');
    expect(await paymentNeededEmailsTo(who.email)).toHaveLength(1);
  });

  it('a bank asking the customer to confirm marks the visit payment needed', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    fake.requireActionNext();
    await runHolds(new Date(visit.startsAt.getTime() - 23 * HOUR));
    expect(await holdsOf(visit.appointmentId)).toMatchObject([
      { status: 'failed', failureCode: 'authentication_required' },
    ]);
  });
});

describe('the charge when the visit is done', () => {
  /** A customer with a card, a visit, and its hold placed 23 hours before. */
  async function heldVisit() {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    await runHolds(new Date(visit.startsAt.getTime() - 23 * HOUR));
    expect(await holdsOf(visit.appointmentId)).toMatchObject([{ status: 'held' }]);
    return { who, visit, stripeCustomer: await stripeCustomerOf(who.customerId) };
  }

  it('captures the hold when the office marks the visit completed: one card payment with Stripe’s id and its receipt', async () => {
    const { visit, stripeCustomer } = await heldVisit();
    const done = await setStatus(visit, 'completed');
    expect(done.statusCode, done.body).toBe(200);

    const [intent] = intentsOf(stripeCustomer);
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 11_300 });
    expect(keysAt('POST /v1/payment_intents/:id/capture', visit.appointmentId)).toEqual([
      `visit:${visit.appointmentId}:capture:1`,
    ]);
    const payments = await paymentsOf(visit);
    expect(payments.money).toMatchObject({ paidCents: 11_300, owedCents: 0, state: 'paid' });
    expect(payments.entries).toHaveLength(1);
    expect(payments.entries[0]).toMatchObject({ kind: 'payment', method: 'card', cents: 11_300 });
    expect(payments.entries[0]?.receiptId).not.toBeNull();

    // The pass that repairs what a crash left finds nothing to do; nothing is charged twice.
    await settleLeftovers(deps());
    expect((await paymentsOf(visit)).entries).toHaveLength(1);
    expect(keysAt('POST /v1/payment_intents/:id/capture', visit.appointmentId)).toHaveLength(1);
  });

  it('a total grown beyond the hold: the hold captured whole, a second off-session charge for the rest', async () => {
    const { visit, stripeCustomer } = await heldVisit();
    const extra = await makeService(app);
    const done = await setStatus(visit, 'completed', [visit.serviceId, extra]);
    expect(done.statusCode, done.body).toBe(200);
    const payments = await paymentsOf(visit);
    expect(payments.money).toMatchObject({ paidCents: 22_600, owedCents: 0, state: 'paid' });
    expect(payments.entries.map((entry) => entry.cents)).toEqual([11_300, 11_300]);
    expect(intentsOf(stripeCustomer).map((intent) => intent.status)).toEqual(['succeeded', 'succeeded']);
    expect(keysAt('POST /v1/payment_intents', visit.appointmentId)).toEqual([
      `visit:${visit.appointmentId}:hold:1`,
      `visit:${visit.appointmentId}:charge:1`,
    ]);
  });

  it('a crash between the capture at Stripe and our record: the repair pass records it once, never captures again', async () => {
    const { visit, stripeCustomer } = await heldVisit();
    // The capture's answer is lost (the client gives up): the status change stands, the ledger is empty.
    fake.timeOutNext({ count: 1, route: 'POST /v1/payment_intents/:id/capture' });
    const slowApp = deps();
    await app.db.execute(sql`update appointments set status = 'completed' where id = ${visit.appointmentId}`);
    await expect(settleCompletedVisit(slowApp, visit.appointmentId)).rejects.toThrow();
    await fake.idle();
    expect((await paymentsOf(visit)).entries).toHaveLength(0);

    await settleLeftovers(slowApp);
    const payments = await paymentsOf(visit);
    expect(payments.entries).toMatchObject([{ kind: 'payment', cents: 11_300, method: 'card' }]);
    expect(intentsOf(stripeCustomer)).toHaveLength(1);
    const captures = fake
      .requests({ route: 'POST /v1/payment_intents/:id/capture' })
      .filter((request) => request.idempotencyKey === `visit:${visit.appointmentId}:capture:1`);
    expect(captures.filter((request) => !request.replayed)).toHaveLength(1);
  });

  it('cancelling the visit releases its hold', async () => {
    const { visit, stripeCustomer } = await heldVisit();
    const cancelled = await setStatus(visit, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(intentsOf(stripeCustomer).map((intent) => intent.status)).toEqual(['canceled']);
    expect(await holdsOf(visit.appointmentId)).toMatchObject([{ status: 'canceled' }]);
    expect((await paymentsOf(visit)).entries).toHaveLength(0);
  });

  it('the admin’s refund on the card goes through Stripe with a key from the form, once', async () => {
    const { visit, stripeCustomer } = await heldVisit();
    await setStatus(visit, 'completed');
    const form = {
      cents: 5_000,
      method: 'card',
      reason: 'The oven was not done',
      idempotencyKey: 'refund-form-1',
    };
    const first = await call(
      app,
      'POST',
      `/appointments/${visit.appointmentId}/refunds`,
      visit.admin.headers,
      form,
    );
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(
      app,
      'POST',
      `/appointments/${visit.appointmentId}/refunds`,
      visit.admin.headers,
      form,
    );
    expect(again.statusCode, again.body).toBe(201);
    const payments = await paymentsOf(visit);
    expect(payments.money).toMatchObject({ refundedCents: 5_000 });
    expect(payments.entries.filter((entry) => entry.kind === 'refund')).toHaveLength(1);
    // One refund at Stripe under the key from the form (the second send was answered from the ledger).
    const key = `visit:${visit.appointmentId}:refund:refund-form-1`;
    expect(fake.requests({ route: 'POST /v1/refunds' }).filter((r) => r.idempotencyKey === key)).toHaveLength(
      1,
    );
    const [intent] = intentsOf(stripeCustomer);
    expect(fake.objects('refund').filter((refund) => refund.payment_intent === intent?.id)).toMatchObject([
      { amount: 5_000 },
    ]);
  });
});
