import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { checkoutRedirectSchema, paymentConfirmationDoneSchema } from '@eclat/shared';
import {
  appointmentAssignments,
  appointments,
  paymentAttempts,
  paymentLedger,
  tipShares,
} from '../../db/schema/index.ts';
import { renderPaymentNeeded } from '../../mail/templates/payment-needed.ts';
import type { TestApp } from '../../../test/helpers.ts';
import {
  call,
  makeCustomer,
  makeEmployee,
  signedIn,
  type Headers,
  type TestCustomer,
} from '../../../test/factories.ts';
import type { StripeFake } from '../../../test/fakes/stripe-fake.ts';
import {
  CARD_TESTS_TZ as TZ,
  confirmedVisitAhead,
  sendHostedPage,
  TORONTO,
  useStripeCardTests,
} from '../../../test/stripe-app.ts';
import { placeDueHolds, settleLeftovers } from './card.service.ts';
import { isConfirmable, needsConfirmation } from './card-confirm-rules.ts';
import { reconcileCards } from './card-reconcile.ts';
import { retryFailedHolds } from './card-retries.ts';

/**
 * A payment the customer's bank wants confirmed (SCA, decision 060), against the strict local Stripe:
 * the off-session call answered `authentication_required` → the visit "payment needed" and the email in
 * the customer's language with its link → the customer's own payment-mode Checkout page for that amount
 * and purpose → its webhook (held back, replayed, out of order) → one hold or one ledger row.
 */

const HOUR = 60 * 60 * 1000;

let fake: StripeFake;
let app: TestApp;
const { deps, customerWithCard } = useStripeCardTests({}, (ready) => ({ fake, app } = ready));

let days = 3;
/** A $100 visit in Toronto ($113.00 with HST), confirmed by the admin, a new day ahead each. */
async function visitOf(who: TestCustomer, locale: 'en' | 'fr' = 'en') {
  days += 1;
  const visit = await confirmedVisitAhead(app, who, days);
  await app.db.update(appointments).set({ locale }).where(eq(appointments.id, visit.appointmentId));
  return visit;
}

const attemptsOf = (appointmentId: string) =>
  app.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.appointmentId, appointmentId))
    .orderBy(paymentAttempts.purpose, paymentAttempts.attempt);

const ledgerOf = (appointmentId: string) =>
  app.db
    .select({ kind: paymentLedger.kind, cents: paymentLedger.cents, key: paymentLedger.idempotencyKey })
    .from(paymentLedger)
    .where(eq(paymentLedger.appointmentId, appointmentId))
    .orderBy(paymentLedger.createdAt);

const isMarked = async (appointmentId: string) => {
  const [row] = await app.db
    .select({ marked: appointments.paymentNeeded })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row?.marked;
};

/** The "Payment needed" emails queued for a visit: their language and their `confirm` part. */
async function paymentNeededEmails(appointmentId: string) {
  const { rows } = await app.db.execute<{
    data: { locale: string; message: { data: { confirm?: { purpose: string; cents: number } } } };
  }>(
    sql`select data from pgboss.job where name = 'email' and data->'message'->>'template' = 'payment-needed'
          and data->'message'->'data'->>'appointmentId' = ${appointmentId} order by created_on`,
  );
  return rows.map((row) => ({ locale: row.data.locale, confirm: row.data.message.data.confirm }));
}

/** The receipts written for a visit. */
async function receiptsOf(appointmentId: string) {
  const { rows } = await app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from receipts where appointment_id = ${appointmentId}`,
  );
  return rows[0]?.n ?? 0;
}

/** The PaymentIntents our app made for the visit (replays are not new ones). */
const intentsMadeFor = (appointmentId: string) =>
  fake
    .requests({ route: 'POST /v1/payment_intents' })
    .filter((request) => request.idempotencyKey?.startsWith(`visit:${appointmentId}:`) && !request.replayed);

const openPage = (who: { headers: Headers }, appointmentId: string) =>
  call(app, 'POST', `/appointments/${appointmentId}/payment-confirmation`, who.headers);

/** The hosted page sent as a browser would, with a test card: Stripe's redirect back to our success URL. */
async function payOnPage(url: string, testCard = 'authentication_required') {
  const sent = await sendHostedPage(url, testCard);
  expect(sent.status).toBe(303);
  return new URL(sent.location ?? '');
}

/** Every event Stripe sent so far delivered again, newest first (a late, reversed replay). */
async function replayEverythingReversed() {
  for (const event of fake.events().reverse()) fake.webhooks.redeliver(event.id);
  await fake.webhooks.settled();
}

describe('a payment the bank wants confirmed (pure rules)', () => {
  it('tells a confirmation from a refusal, and which purposes go to the hosted page', () => {
    expect(needsConfirmation('authentication_required')).toBe(true);
    expect(needsConfirmation('requires_action')).toBe(true);
    expect(needsConfirmation('card_declined')).toBe(false);
    expect(needsConfirmation(null)).toBe(false);
    expect(['hold', 'charge', 'fee', 'deposit', 'tip', 'refund'].filter(isConfirmable)).toEqual([
      'hold',
      'charge',
      'fee',
      'deposit',
      'tip',
    ]);
  });

  it('writes the email in the customer’s language with the link to My Appointments', () => {
    const ctx = { publicUrl: 'http://localhost:3000', brandName: 'Éclat', timeZone: TZ };
    const data = {
      appointmentId: '3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10',
      customerFirstName: 'Amélie',
      startsAt: '2027-03-09T14:00:00.000Z',
      confirm: { purpose: 'hold' as const, cents: 11_300 },
    };
    const en = renderPaymentNeeded(data, 'en', ctx);
    expect(en.subject).toContain('confirm it with your bank');
    expect(en.text).toContain('the hold of $113.00');
    expect(en.text).toContain(`http://localhost:3000/my-appointments?confirm=${data.appointmentId}`);
    const fr = renderPaymentNeeded(data, 'fr', ctx);
    expect(fr.subject).toContain('confirmez-le auprès de votre banque');
    expect(fr.text).toContain('la réservation de 113,00');
    expect(fr.text).toContain(`/my-appointments?confirm=${data.appointmentId}`);
    // A declined card keeps its own email: save a card again.
    const { confirm: _confirm, ...declined } = data;
    expect(renderPaymentNeeded(declined, 'en', ctx).text).toContain('/profile?card=replace');
  });
});

describe('a hold the bank wants confirmed', () => {
  it('emails the link, opens the customer’s own payment-mode page, holds once whatever the webhooks do, and is captured at completion', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who, 'fr');
    const id = visit.appointmentId;
    const now = new Date(visit.startsAt.getTime() - 12 * HOUR);

    fake.requireActionNext();
    await placeDueHolds(deps(), now);
    await fake.webhooks.settled();
    expect(await attemptsOf(id)).toMatchObject([
      {
        purpose: 'hold',
        attempt: 1,
        status: 'failed',
        failureCode: 'authentication_required',
        cents: 11_300,
      },
    ]);
    expect(await isMarked(id)).toBe(true);
    // One email, in the visit's language, naming the hold and its amount (the webhook's failure sent none).
    expect(await paymentNeededEmails(id)).toEqual([
      { locale: 'fr', confirm: { purpose: 'hold', cents: 11_300 } },
    ]);
    const listed = await call(app, 'GET', '/payments/confirmations', who.headers);
    expect(listed.json()).toEqual([{ appointmentId: id, purpose: 'hold', cents: 11_300 }]);

    // Only the visit's own customer opens the page.
    const other = await makeCustomer(app);
    expect((await openPage(other, id)).statusCode).toBe(403);
    expect((await openPage(await signedIn(app, ['employee']), id)).statusCode).toBe(403);
    expect((await openPage(visit.admin, id)).statusCode).toBe(403);
    expect((await openPage({ headers: {} }, id)).statusCode).toBe(401);
    expect((await call(app, 'GET', '/payments/confirmations', other.headers)).json()).toEqual([]);

    const first = await openPage(who, id);
    expect(first.statusCode, first.body).toBe(201);
    const { url } = checkoutRedirectSchema.parse(first.json());
    // A second press: the same page, no second attempt.
    expect(checkoutRedirectSchema.parse((await openPage(who, id)).json()).url).toBe(url);
    const session = fake.objects('checkout.session').find((item) => url.endsWith(item.id));
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 11_300,
      locale: 'fr',
    });
    expect(session?.success_url.startsWith('http://localhost:3000/my-appointments?payment=confirmed')).toBe(
      true,
    );

    // While the customer is away on the page, the off-session retries leave the visit alone.
    await retryFailedHolds(deps(), new Date(now.getTime() + 7 * HOUR));
    await placeDueHolds(deps(), new Date(now.getTime() + 7 * HOUR));
    expect(intentsMadeFor(id)).toHaveLength(1);

    // The customer passes the bank's challenge; Stripe's events are held, then sent twice and reversed.
    fake.webhooks.hold();
    const back = await payOnPage(url);
    expect(back.pathname).toBe('/my-appointments');
    const sessionId = back.searchParams.get('session') ?? '';
    // Another customer cannot read the result of that page.
    expect(
      (await call(app, 'POST', '/payments/confirmation/done', other.headers, { sessionId })).statusCode,
    ).toBe(404);
    fake.webhooks.duplicateNext(20);
    fake.webhooks.release({ order: 'reverse' });
    await fake.webhooks.settled();
    // The webhook alone recorded it (every delivery answered 200).
    expect((await attemptsOf(id)).map((attempt) => attempt.status)).toEqual(['failed', 'held']);
    expect(fake.webhooks.deliveries().filter((delivery) => delivery.status !== 200)).toEqual([]);
    const done = await call(app, 'POST', '/payments/confirmation/done', who.headers, { sessionId });
    expect(done.statusCode, done.body).toBe(200);
    expect(paymentConfirmationDoneSchema.parse(done.json())).toEqual({
      appointmentId: id,
      purpose: 'hold',
      cents: 11_300,
      status: 'confirmed',
    });
    await replayEverythingReversed();

    const attempts = await attemptsOf(id);
    expect(attempts).toMatchObject([
      { purpose: 'hold', attempt: 1, status: 'failed' },
      {
        purpose: 'hold',
        attempt: 2,
        status: 'held',
        idempotencyKey: `visit:${id}:hold:2`,
        checkoutSessionId: sessionId,
      },
    ]);
    const intent = fake.object(attempts[1]?.providerPaymentId ?? '');
    expect(intent).toMatchObject({
      status: 'requires_capture',
      amount: 11_300,
      capture_method: 'manual',
      metadata: { attempt_key: `visit:${id}:hold:2`, purpose: 'hold', visit_id: id },
    });
    expect(await isMarked(id)).toBe(false);
    expect(await ledgerOf(id)).toEqual([]);
    expect((await call(app, 'GET', '/payments/confirmations', who.headers)).json()).toEqual([]);
    const bare = await openPage(who, id);
    expect(bare.statusCode, bare.body).toBe(409);
    // Retries stop: nothing more is asked of the card.
    await retryFailedHolds(deps(), new Date(now.getTime() + 8 * HOUR));
    await placeDueHolds(deps(), new Date(now.getTime() + 8 * HOUR));
    expect(intentsMadeFor(id)).toHaveLength(1);

    // Completed: the hold made on the page is captured like every other hold, once.
    const completed = await call(app, 'PUT', `/appointments/${id}`, visit.admin.headers, {
      customerId: visit.customerId,
      serviceIds: [visit.serviceId],
      appointmentDate: visit.startsAt.toISOString(),
      status: 'completed',
      place: TORONTO,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    await settleLeftovers(deps());
    await fake.webhooks.settled();
    await replayEverythingReversed();
    expect(await ledgerOf(id)).toEqual([{ kind: 'payment', cents: 11_300, key: `visit:${id}:capture:2` }]);
    expect(fake.object(attempts[1]?.providerPaymentId ?? '')).toMatchObject({
      status: 'succeeded',
      amount_received: 11_300,
    });
    expect(
      fake
        .requests({ route: 'POST /v1/payment_intents/:id/capture' })
        .filter((request) => request.idempotencyKey === `visit:${id}:capture:2` && !request.replayed),
    ).toHaveLength(1);
  });
});

describe('a page left until it lapsed', () => {
  it('gives the customer a new page: the visit still waits for the bank, and the retries still leave it alone', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    const id = visit.appointmentId;
    const now = new Date(visit.startsAt.getTime() - 12 * HOUR);
    fake.requireActionNext();
    await placeDueHolds(deps(), now);
    await fake.webhooks.settled();

    const first = checkoutRedirectSchema.parse((await openPage(who, id)).json()).url;
    const lapsed = fake.objects('checkout.session').find((item) => first.endsWith(item.id));
    // The customer came back after Stripe's 24 hours: the page is gone.
    fake.expireCheckout(lapsed?.id ?? '');
    await fake.webhooks.settled();

    expect((await call(app, 'GET', '/payments/confirmations', who.headers)).json()).toEqual([
      { appointmentId: id, purpose: 'hold', cents: 11_300 },
    ]);
    const again = await openPage(who, id);
    expect(again.statusCode, again.body).toBe(201);
    const second = checkoutRedirectSchema.parse(again.json()).url;
    expect(second).not.toBe(first);
    expect((await attemptsOf(id)).map(({ attempt, status }) => [attempt, status])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
      [3, 'confirming'],
    ]);
    expect(await isMarked(id)).toBe(true);
    // Off session the bank would ask again: the retries leave the visit to the customer's page.
    await retryFailedHolds(deps(), new Date(now.getTime() + 7 * HOUR));
    expect(intentsMadeFor(id)).toHaveLength(1);

    const back = await payOnPage(second);
    const done = await call(app, 'POST', '/payments/confirmation/done', who.headers, {
      sessionId: back.searchParams.get('session') ?? '',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await attemptsOf(id)).map(({ status }) => status)).toEqual(['failed', 'failed', 'held']);
  });
});

describe('a page paid whose webhook and return were both lost', () => {
  it('is recorded by the reconciliation, once, and not reported as a hold we do not know', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    const id = visit.appointmentId;
    fake.requireActionNext();
    await placeDueHolds(deps(), new Date(visit.startsAt.getTime() - 12 * HOUR));
    await fake.webhooks.settled();
    const opened = await openPage(who, id);
    expect(opened.statusCode, opened.body).toBe(201);
    fake.webhooks.hold();
    try {
      await payOnPage(checkoutRedirectSchema.parse(opened.json()).url);
      expect((await attemptsOf(id)).map((attempt) => attempt.status)).toEqual(['failed', 'confirming']);
      const found = await reconcileCards(deps(), new Date());
      expect(found.filter((item) => item.appointmentId === id)).toEqual([]);
      await reconcileCards(deps(), new Date());
      expect((await attemptsOf(id)).map((attempt) => attempt.status)).toEqual(['failed', 'held']);
      expect(await isMarked(id)).toBe(false);
    } finally {
      fake.webhooks.release();
      await fake.webhooks.settled();
    }
    expect((await attemptsOf(id)).map((attempt) => attempt.status)).toEqual(['failed', 'held']);
  });
});

describe('a fee the bank wants confirmed', () => {
  it('is paid on the page once: one ledger row under the attempt’s key, one receipt, replays change nothing', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    const id = visit.appointmentId;
    // The visit's time has come (yesterday), and nobody was home.
    const start = new Date(Date.now() - 24 * HOUR);
    await app.db
      .update(appointments)
      .set({ appointmentDate: start, endsAt: new Date(start.getTime() + HOUR) })
      .where(eq(appointments.id, id));
    fake.requireActionNext();
    const fee = await call(app, 'POST', `/appointments/${id}/fees`, visit.admin.headers, {
      feeKind: 'lockout',
      cents: 5000,
      note: 'No one home',
      idempotencyKey: `fee-${id}`,
    });
    expect(fee.statusCode, fee.body).toBe(201);
    await fake.webhooks.settled();
    expect(await isMarked(id)).toBe(true);
    expect(await paymentNeededEmails(id)).toEqual([
      { locale: 'en', confirm: { purpose: 'fee', cents: 5650 } },
    ]);
    const receiptsBefore = await receiptsOf(id);

    const opened = await openPage(who, id);
    expect(opened.statusCode, opened.body).toBe(201);
    fake.webhooks.hold();
    const back = await payOnPage(checkoutRedirectSchema.parse(opened.json()).url, 'good');
    fake.webhooks.duplicateNext(20);
    fake.webhooks.release({ order: 'reverse' });
    await fake.webhooks.settled();
    await replayEverythingReversed();
    const done = await call(app, 'POST', '/payments/confirmation/done', who.headers, {
      sessionId: back.searchParams.get('session'),
    });
    expect(done.json()).toMatchObject({ purpose: 'fee', cents: 5650, status: 'confirmed' });

    expect(await ledgerOf(id)).toEqual([
      { kind: 'fee', cents: 5000, key: `fee-${id}` },
      { kind: 'payment', cents: 5650, key: `visit:${id}:fee:2` },
    ]);
    expect(await receiptsOf(id)).toBe(receiptsBefore + 1);
    expect(
      (await attemptsOf(id)).map(({ attempt, status, purpose }) => ({ attempt, status, purpose })),
    ).toEqual([
      { purpose: 'fee', attempt: 1, status: 'failed' },
      { purpose: 'fee', attempt: 2, status: 'captured' },
    ]);
    expect(await isMarked(id)).toBe(false);
    const [payment] = await app.db
      .select({ pi: paymentLedger.providerPaymentId })
      .from(paymentLedger)
      .where(and(eq(paymentLedger.appointmentId, id), eq(paymentLedger.kind, 'payment')));
    expect(fake.object(payment?.pi ?? '')).toMatchObject({
      status: 'succeeded',
      capture_method: 'automatic',
      amount_received: 5650,
      metadata: { attempt_key: `visit:${id}:fee:2` },
    });
  });

  it('answers 409 when nothing waits for the bank, 404 for an unknown visit or page', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    expect((await openPage(who, visit.appointmentId)).statusCode).toBe(409);
    expect((await openPage(who, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(
      (await call(app, 'POST', '/payments/confirmation/done', who.headers, { sessionId: 'cs_test_nope' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('a tip the bank wants confirmed', () => {
  it('answers BANK_CONFIRMATION_NEEDED, then the page records the tip once with its receipt and shares', async () => {
    const who = await customerWithCard();
    const visit = await visitOf(who);
    const id = visit.appointmentId;
    const yesterday = new Date(Date.now() - 24 * HOUR);
    await app.db
      .update(appointments)
      .set({ status: 'completed', appointmentDate: yesterday, endsAt: new Date(yesterday.getTime() + HOUR) })
      .where(eq(appointments.id, id));
    const cleaners = [await makeEmployee(app), await makeEmployee(app)];
    await app.db
      .insert(appointmentAssignments)
      .values(cleaners.map((cleaner) => ({ appointmentId: id, employeeId: cleaner.id })));
    const tipKey = `tip-sca-${Date.now()}`;
    const tip = () =>
      call(app, 'POST', `/appointments/${id}/tips`, who.headers, { cents: 1001, idempotencyKey: tipKey });

    fake.requireActionNext();
    const refused = await tip();
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'BANK_CONFIRMATION_NEEDED' });
    // The dialog's key again: the same answer, nothing charged again, nothing recorded.
    expect((await tip()).json()).toMatchObject({ code: 'BANK_CONFIRMATION_NEEDED' });
    expect(intentsMadeFor(id)).toHaveLength(1);
    expect(await ledgerOf(id)).toEqual([]);
    // A tip is not "payment needed": no mark, no email, not listed.
    expect(await isMarked(id)).toBe(false);
    expect(await paymentNeededEmails(id)).toEqual([]);
    expect((await call(app, 'GET', '/payments/confirmations', who.headers)).json()).toEqual([]);

    const open = (headers: Headers, key = tipKey) =>
      call(app, 'POST', `/appointments/${id}/payment-confirmation`, headers, { tipKey: key });
    const other = await customerWithCard();
    expect((await open(other.headers)).statusCode).toBe(403);
    expect((await open({})).statusCode).toBe(401);
    expect((await open(who.headers, 'tip-never-sent-1')).statusCode).toBe(409);
    const bare = await openPage(who, id);
    expect(bare.statusCode, bare.body).toBe(409);
    const first = await open(who.headers);
    expect(first.statusCode, first.body).toBe(201);
    const { url } = checkoutRedirectSchema.parse(first.json());
    expect(checkoutRedirectSchema.parse((await open(who.headers)).json()).url).toBe(url);
    const session = fake.objects('checkout.session').find((item) => url.endsWith(item.id));
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 1001,
      locale: 'en',
      metadata: { purpose: 'tip', attempt_key: `visit:${id}:tip:2` },
    });
    // While the page is open the dialog's key still says so, and charges nothing off session.
    expect((await tip()).json()).toMatchObject({ code: 'BANK_CONFIRMATION_NEEDED' });

    fake.webhooks.hold();
    const back = await payOnPage(url);
    const sessionId = back.searchParams.get('session') ?? '';
    expect(
      (await call(app, 'POST', '/payments/confirmation/done', other.headers, { sessionId })).statusCode,
    ).toBe(404);
    fake.webhooks.duplicateNext(20);
    fake.webhooks.release({ order: 'reverse' });
    const done = await call(app, 'POST', '/payments/confirmation/done', who.headers, { sessionId });
    expect(done.statusCode, done.body).toBe(200);
    expect(paymentConfirmationDoneSchema.parse(done.json())).toEqual({
      appointmentId: id,
      purpose: 'tip',
      cents: 1001,
      status: 'confirmed',
    });
    await fake.webhooks.settled();
    await replayEverythingReversed();
    expect(fake.webhooks.deliveries().filter((delivery) => delivery.status !== 200)).toEqual([]);

    const ledger = await ledgerOf(id);
    expect(ledger).toEqual([{ kind: 'tip', cents: 1001, key: `visit:${id}:tip:2` }]);
    expect(await receiptsOf(id)).toBe(1);
    const shares = await app.db
      .select({ cents: tipShares.cents })
      .from(tipShares)
      .innerJoin(paymentLedger, eq(paymentLedger.id, tipShares.ledgerEntryId))
      .where(eq(paymentLedger.appointmentId, id));
    expect(shares.map((share) => share.cents).sort()).toEqual([500, 501]);
    expect((await attemptsOf(id)).map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [1, 'failed'],
      [2, 'captured'],
    ]);
    // The dialog's key again after it is paid: the visit's payments, nothing charged again.
    expect((await tip()).statusCode).toBe(201);
    expect(intentsMadeFor(id)).toHaveLength(1);
    expect(await ledgerOf(id)).toHaveLength(1);
  });
});
