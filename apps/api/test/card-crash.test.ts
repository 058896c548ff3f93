import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, appointmentSchema, checkoutRedirectSchema, visitPaymentsSchema } from '@eclat/shared';
import { buildApp } from '../src/app.ts';
import { appointments, paymentAttempts, paymentLedger } from '../src/db/schema/index.ts';
import { fromLocal, todayIn } from '../src/lib/time-zone.ts';
import { placeDueHolds } from '../src/modules/payments/card.service.ts';
import { stripeCardFor } from '../src/modules/payments/stripe-provider.ts';
import { call, makeCustomer, makeService, signedIn } from './factories.ts';
import { startStripeFake, type StripeFake } from './fakes/stripe-fake.ts';
import { createTestDatabase, testConfig } from './helpers.ts';
import { killServerProcesses, startReadyServer, stopServer, type ServerProcess } from './server-process.ts';

/**
 * Issue 29's crash test (decision 053): the real server (a child process, PAYMENTS=stripe against the
 * strict fake on loopback, which outlives it) is killed with SIGKILL at each step between a call to
 * Stripe and our ledger write, then started again on the same database. Two sides of each step:
 * - the answer lost: Stripe has the request and does it, our server dies before it hears back;
 * - the call never sent: our server dies with its attempt committed and the request not yet at Stripe.
 * After the restart (its start-up pass records even a refund Stripe made; a refund never sent is the
 * admin's form sent again, as the dialog does after an error), every payment, capture, release and
 * refund exists once at Stripe and once in the ledger.
 *
 * One database and one customer; a visit per step and side; three server processes: the first is
 * killed with the five "answer lost" requests held at once, the second finishes those at start and is
 * killed with the five "never sent" requests held, the third finishes those.
 * Tips and fees by card (decision 057): a second case, two server processes, both sides at once.
 */

const TZ = 'America/Toronto';
const TORONTO = { street: '100 Queen Street West', city: 'Toronto', postalCode: 'M5H 2N2' };
/** $100 with Ontario's 13 % HST. */
const VISIT_CENTS = 11_300;
const REFUND_CENTS = 5_000;
const TIP_CENTS = 1_500;
/** A lockout fee before tax. */
const FEE_CENTS = 5_000;
/** Each wait (a request reaching the fake, the restarted server settling) is bounded by this. */
const WAIT_MS = 60_000;

const ROUTE = {
  create: 'POST /v1/payment_intents',
  capture: 'POST /v1/payment_intents/:id/capture',
  cancel: 'POST /v1/payment_intents/:id/cancel',
  refund: 'POST /v1/refunds',
} as const;

let fake: StripeFake;
let setup: Awaited<ReturnType<typeof buildApp>>;
let dataDir: string;
let serverEnv: Record<string, string>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let customerId: string;
let customerHeaders: Record<string, string>;
let serviceId: string;
let extraId: string;

beforeAll(async () => {
  fake = await startStripeFake();
  const databaseUrl = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-card-crash-'));
  const stripeEnv = {
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_BASE: fake.url,
    // A week: every visit of the test is due for its hold whatever the hour it runs.
    PAYMENT_HOLD_HOURS: '168',
  };
  // This process prepares the visits (no workers: only the server under test runs the pass).
  setup = await buildApp(testConfig({ ...stripeEnv, JOBS_ENABLED: 'false' }), { databaseUrl });
  const address = await setup.listen({ host: '127.0.0.1', port: 0 });
  fake.webhooks.setEndpoint(`${address}/api/v1/payments/stripe/webhook`);
  serverEnv = {
    ...stripeEnv,
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // The tokens signed here name this issuer.
    PUBLIC_URL: testConfig().publicUrl,
  };
  admin = await signedIn(setup, ['admin']);
  serviceId = await makeService(setup);
  extraId = await makeService(setup, { title: 'Oven' });
  const who = await makeCustomer(setup, { postalCode: TORONTO.postalCode });
  customerId = who.customerId;
  customerHeaders = who.headers;
  // The card on file, through the hosted page.
  const page = await call(setup, 'POST', '/payments/card-setup', who.headers);
  expect(page.statusCode, page.body).toBe(201);
  const sent = await fetch(checkoutRedirectSchema.parse(page.json()).url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card: 'good' }),
    redirect: 'manual',
  });
  expect(sent.status).toBe(303);
  await fake.webhooks.settled();
  fake.webhooks.setEndpoint(null);
}, 60_000);

afterAll(async () => {
  await killServerProcesses();
  await setup.close();
  await fake.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Visit = { id: string; appointmentDate: string };

let slot = 0;
/** A confirmed $100 visit in Toronto, each in a slot of its own (9:00, 12:00, 15:00 from tomorrow). */
async function newVisit(): Promise<Visit> {
  const day = addDays(todayIn(TZ), 1 + Math.floor(slot / 3));
  const hour = 9 + (slot % 3) * 3;
  slot += 1;
  const res = await call(setup, 'POST', '/appointments', admin.headers, {
    customerId,
    serviceIds: [serviceId],
    appointmentDate: fromLocal(day, hour, 0, TZ).toISOString(),
    status: 'confirmed',
    place: TORONTO,
  });
  expect(res.statusCode, res.body).toBe(201);
  const visit = appointmentSchema.parse(res.json());
  return { id: visit.appointmentId, appointmentDate: visit.appointmentDate };
}

const statusBody = (visit: Visit, status: string, serviceIds = [serviceId]) => ({
  customerId,
  serviceIds,
  appointmentDate: visit.appointmentDate,
  status,
  place: TORONTO,
});
const refundBody = (visit: Visit) => ({
  cents: REFUND_CENTS,
  method: 'card',
  reason: 'The oven was not done',
  idempotencyKey: `crash-refund-${visit.id.slice(0, 8)}`,
});

/** A request to the server under test, as the office's screens (or the customer's) send it. */
async function send(
  server: ServerProcess,
  method: string,
  url: string,
  body: object,
  headers: Record<string, string> = admin.headers,
) {
  const res = await fetch(`${server.base}/api/v1${url}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.text() };
}
/** The same, to a server that is killed before it answers: its answer is never read. */
const sendToDie = (
  server: ServerProcess,
  method: string,
  url: string,
  body: object,
  headers?: Record<string, string>,
) => {
  void send(server, method, url, body, headers).catch(() => undefined);
};

/** Bounded: a wait that does not end within WAIT_MS fails the test, with the server's output. */
async function within<T>(promise: Promise<T>, what: string, server?: ServerProcess): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what}: not within ${WAIT_MS} ms\n${server?.output() ?? ''}`));
    }, WAIT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const keyOf = (visit: Visit, purpose: string, n: number | string) => `visit:${visit.id}:${purpose}:${n}`;

/** The fake holds the next request with this key: carried out once our server hangs up, or dropped. */
function cut(route: string, key: string, side: 'answer-lost' | 'never-sent') {
  fake.timeOutNext({ route, key, drop: side === 'never-sent' });
  return { route, key };
}

/** A start of the server takes 10 to 35 s on the shared 2-core machine under load: bounded apart. */
const START_MS = 120_000;

const startServer = async () => {
  const server = await startReadyServer(serverEnv, { timeoutMs: START_MS });
  fake.webhooks.setEndpoint(`${server.base}/api/v1/payments/stripe/webhook`);
  return server;
};

/** kill -9 once every cut request is at the fake; then the fake finishes (or drops) what it held. */
async function killWhenHeld(server: ServerProcess, cuts: { route: string; key: string }[]) {
  for (const { route, key } of cuts) {
    await within(fake.waitForRequest({ route, key }), `${route} ${key} at the fake`, server);
  }
  expect(await stopServer(server, 'SIGKILL')).toBeNull();
  fake.webhooks.setEndpoint(null);
  await within(fake.idle(), 'the fake idle');
}

/** Requests with this key that Stripe carried out (not a replay of the first, not dropped, not refused). */
const carriedOut = (route: string, key: string) =>
  fake
    .requests({ route })
    .filter((request) => request.idempotencyKey === key && request.status === 200 && !request.replayed);

const intentsOf = (visit: Visit) =>
  fake.objects('payment_intent').filter((intent) => intent.metadata.visit_id === visit.id);

const attemptsOf = async (visit: Visit) =>
  (
    await setup.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.appointmentId, visit.id))
      .orderBy(asc(paymentAttempts.purpose), asc(paymentAttempts.attempt))
  ).map((attempt) => `${attempt.purpose}:${attempt.attempt}:${attempt.status}`);

const ledgerOf = (visit: Visit) =>
  setup.db
    .select({
      kind: paymentLedger.kind,
      cents: paymentLedger.cents,
      key: paymentLedger.idempotencyKey,
      providerPaymentId: paymentLedger.providerPaymentId,
      providerRefundId: paymentLedger.providerRefundId,
      note: paymentLedger.note,
      recordedBy: paymentLedger.recordedByUserId,
    })
    .from(paymentLedger)
    .where(eq(paymentLedger.appointmentId, visit.id))
    .orderBy(asc(paymentLedger.createdAt));

async function moneyOf(visit: Visit) {
  const res = await call(setup, 'GET', `/appointments/${visit.id}/payments`, admin.headers);
  expect(res.statusCode, res.body).toBe(200);
  return visitPaymentsSchema.parse(res.json()).money;
}

const statusOf = async (visit: Visit) =>
  (
    await setup.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, visit.id))
  )[0]?.status;

/** `count` visits with their holds placed (in this process, as the pass does). */
async function heldVisits(count: number) {
  const visits: Visit[] = [];
  for (let i = 0; i < count; i++) visits.push(await newVisit());
  await placeDueHolds(
    {
      db: setup.db,
      jobs: setup.jobs,
      card: await stripeCardFor(testConfig(serverEnv)),
      business: { brandName: 'Éclat', timeZone: TZ },
    },
    new Date(),
  );
  for (const visit of visits) expect(await attemptsOf(visit)).toEqual(['hold:1:held']);
  return visits;
}

/** The steps of one side: a visit per step, brought to just before it. */
type Round = {
  hold: Visit;
  capture: Visit;
  release: Visit;
  refund: Visit;
  charge: Visit;
};

/** The request of each step, hold first: its route and key. */
const cutsOf = (round: Round) => [
  { route: ROUTE.create, key: keyOf(round.hold, 'hold', 1) },
  { route: ROUTE.capture, key: keyOf(round.capture, 'capture', 1) },
  { route: ROUTE.cancel, key: keyOf(round.release, 'release', 1) },
  { route: ROUTE.refund, key: keyOf(round.refund, 'refund', refundBody(round.refund).idempotencyKey) },
  { route: ROUTE.create, key: keyOf(round.charge, 'charge', 1) },
];

/**
 * The server starts (its start-up pass places `hold`'s), the office acts on the others: all cut, then
 * kill -9. `first`: what to do on that server before the office acts (finish the round before).
 */
async function crashRound(
  round: Round,
  side: 'answer-lost' | 'never-sent',
  first?: (server: ServerProcess) => Promise<void>,
) {
  const [holdCut, ...cuts] = cutsOf(round).map(({ route, key }) => cut(route, key, side));
  if (!holdCut) throw new Error('no hold');
  const server = await startServer();
  // The start-up pass settles first, then holds: once the hold is at the fake the office's requests
  // cannot meet the pass on the same visit.
  await within(fake.waitForRequest(holdCut), 'the start-up pass’s hold at the fake', server);
  await first?.(server);
  sendToDie(server, 'PUT', `/appointments/${round.capture.id}`, statusBody(round.capture, 'completed'));
  sendToDie(server, 'PUT', `/appointments/${round.release.id}`, statusBody(round.release, 'cancelled'));
  sendToDie(server, 'POST', `/appointments/${round.refund.id}/refunds`, refundBody(round.refund));
  // Extras added on site: the hold is captured whole, a second charge for the rest is cut.
  sendToDie(
    server,
    'PUT',
    `/appointments/${round.charge.id}`,
    statusBody(round.charge, 'completed', [serviceId, extraId]),
  );
  await killWhenHeld(server, [holdCut, ...cuts]);
  return server;
}

/** What the kill left: each request done at Stripe (the answer lost) or not (never sent), nothing recorded. */
async function expectLeftAtTheCut(round: Round, side: 'answer-lost' | 'never-sent') {
  expect(cutsOf(round).map(({ route, key }) => carriedOut(route, key).length)).toEqual(
    Array.from({ length: 5 }, () => (side === 'answer-lost' ? 1 : 0)),
  );
  expect(await attemptsOf(round.hold)).toEqual(['hold:1:pending']);
  expect(await attemptsOf(round.capture)).toEqual(['hold:1:held']);
  expect(await ledgerOf(round.capture)).toEqual([]);
  expect(await statusOf(round.capture)).toBe('completed');
  expect(await attemptsOf(round.release)).toEqual(['hold:1:held']);
  expect(await statusOf(round.release)).toBe('cancelled');
  expect((await ledgerOf(round.refund)).map((row) => row.kind)).toEqual(['payment']);
  expect(await attemptsOf(round.charge)).toEqual(['hold:1:captured', 'charge:1:pending']);
  expect((await ledgerOf(round.charge)).map((row) => row.kind)).toEqual(['payment']);
}

/**
 * The restarted server's start-up pass has finished the round (polled, bounded): the hold placed, the
 * capture recorded, the release done, the second charge recorded and, when Stripe made it, the refund
 * recorded (a refund never sent is the admin's to send again: their request failed).
 */
async function settled(round: Round, side: 'answer-lost' | 'never-sent', server: ServerProcess) {
  await expect
    .poll(
      async () => [
        await attemptsOf(round.hold),
        await attemptsOf(round.capture),
        await attemptsOf(round.release),
        await attemptsOf(round.charge),
        (await ledgerOf(round.refund)).map((row) => row.kind),
      ],
      { timeout: WAIT_MS, interval: 100, message: server.output() },
    )
    .toEqual([
      ['hold:1:held'],
      ['hold:1:captured'],
      ['hold:1:canceled'],
      ['hold:1:captured', 'charge:1:captured'],
      side === 'answer-lost' ? ['payment', 'refund'] : ['payment'],
    ]);
}

/** The admin's refund form, sent again with its key (the dialog keeps it after an error). */
async function refundAgain(round: Round, server: ServerProcess) {
  const again = await send(
    server,
    'POST',
    `/appointments/${round.refund.id}/refunds`,
    refundBody(round.refund),
  );
  expect(again.status, again.body).toBe(201);
}

/** Once at Stripe, once in the ledger, for each step of the round. */
async function expectOnce(round: Round) {
  // The hold: one PaymentIntent made by Stripe under its key, held; a hold is not money: no ledger row.
  const holdKey = keyOf(round.hold, 'hold', 1);
  expect(carriedOut(ROUTE.create, holdKey)).toHaveLength(1);
  expect(intentsOf(round.hold).map((intent) => [intent.status, intent.amount])).toEqual([
    ['requires_capture', VISIT_CENTS],
  ]);
  expect(await ledgerOf(round.hold)).toEqual([]);
  expect(await moneyOf(round.hold)).toMatchObject({ paidCents: 0, owedCents: VISIT_CENTS, state: 'unpaid' });

  // The capture: captured once, one payment row under the same key with Stripe's id.
  const captureKey = keyOf(round.capture, 'capture', 1);
  expect(carriedOut(ROUTE.capture, captureKey)).toHaveLength(1);
  const [captured] = intentsOf(round.capture);
  expect(intentsOf(round.capture)).toHaveLength(1);
  expect(captured).toMatchObject({ status: 'succeeded', amount_received: VISIT_CENTS });
  expect(await ledgerOf(round.capture)).toEqual([
    {
      kind: 'payment',
      cents: VISIT_CENTS,
      key: captureKey,
      providerPaymentId: captured?.id,
      providerRefundId: null,
      note: null,
      recordedBy: null,
    },
  ]);
  expect(await moneyOf(round.capture)).toMatchObject({ paidCents: VISIT_CENTS, owedCents: 0, state: 'paid' });

  // The release: cancelled once at Stripe, nothing in the ledger.
  expect(carriedOut(ROUTE.cancel, keyOf(round.release, 'release', 1))).toHaveLength(1);
  expect(intentsOf(round.release).map((intent) => intent.status)).toEqual(['canceled']);
  expect(await ledgerOf(round.release)).toEqual([]);

  // The refund: one refund at Stripe, one refund row with its id.
  const formKey = refundBody(round.refund).idempotencyKey;
  expect(carriedOut(ROUTE.refund, keyOf(round.refund, 'refund', formKey))).toHaveLength(1);
  const [paid] = intentsOf(round.refund);
  const refunds = fake.objects('refund').filter((refund) => refund.payment_intent === paid?.id);
  expect(refunds.map((refund) => refund.amount)).toEqual([REFUND_CENTS]);
  // Recorded as the admin asked it, whoever wrote the row (their request, or the pass after a crash).
  expect(
    (await ledgerOf(round.refund)).map((row) => [
      row.kind,
      row.cents,
      row.providerRefundId,
      row.note,
      row.recordedBy,
    ]),
  ).toEqual([
    ['payment', VISIT_CENTS, null, null, null],
    ['refund', REFUND_CENTS, refunds[0]?.id, refundBody(round.refund).reason, admin.user.id],
  ]);
  expect(await moneyOf(round.refund)).toMatchObject({ paidCents: VISIT_CENTS, refundedCents: REFUND_CENTS });

  // The second charge: the hold and the charge, each once at Stripe and once in the ledger.
  const chargeKey = keyOf(round.charge, 'charge', 1);
  expect(carriedOut(ROUTE.create, chargeKey)).toHaveLength(1);
  const intents = intentsOf(round.charge);
  expect(intents.map((intent) => [intent.status, intent.amount_received])).toEqual([
    ['succeeded', VISIT_CENTS],
    ['succeeded', VISIT_CENTS],
  ]);
  expect((await ledgerOf(round.charge)).map((row) => [row.key, row.providerPaymentId])).toEqual([
    [keyOf(round.charge, 'capture', 1), intents[0]?.id],
    [chargeKey, intents[1]?.id],
  ]);
  expect(await moneyOf(round.charge)).toMatchObject({
    paidCents: 2 * VISIT_CENTS,
    owedCents: 0,
    state: 'paid',
  });
}

describe('kill -9 between a call to Stripe and our ledger write', () => {
  it('restarted, every hold, capture, release, refund and second charge exists once at Stripe and once in the ledger', async () => {
    // Both rounds' visits with their holds; the refunds' visits completed and paid by card.
    const [
      lostCapture,
      lostRelease,
      lostRefund,
      lostCharge,
      sentCapture,
      sentRelease,
      sentRefund,
      sentCharge,
    ] = await heldVisits(8);
    for (const visit of [lostRefund, sentRefund]) {
      if (!visit) throw new Error('no visit');
      const done = await call(
        setup,
        'PUT',
        `/appointments/${visit.id}`,
        admin.headers,
        statusBody(visit, 'completed'),
      );
      expect(done.statusCode, done.body).toBe(200);
      expect((await ledgerOf(visit)).map((row) => row.kind)).toEqual(['payment']);
    }
    if (!lostCapture || !lostRelease || !lostRefund || !lostCharge) throw new Error('no visit');
    if (!sentCapture || !sentRelease || !sentRefund || !sentCharge) throw new Error('no visit');

    // Round 1: Stripe does each request, the server dies before it hears back.
    const lost: Round = {
      hold: await newVisit(),
      capture: lostCapture,
      release: lostRelease,
      refund: lostRefund,
      charge: lostCharge,
    };
    await crashRound(lost, 'answer-lost');
    await expectLeftAtTheCut(lost, 'answer-lost');

    // Round 2: restarted, the start-up pass finishes round 1; then the server dies before each request
    // of round 2 reaches Stripe.
    const sent: Round = {
      hold: await newVisit(),
      capture: sentCapture,
      release: sentRelease,
      refund: sentRefund,
      charge: sentCharge,
    };
    await crashRound(sent, 'never-sent', async (second) => {
      // Its pass settled round 1 before it reached round 2's hold (visits are held in date order).
      await settled(lost, 'answer-lost', second);
      // The admin's form sent again after that: its first answer, nothing more at Stripe.
      await refundAgain(lost, second);
    });
    await expectLeftAtTheCut(sent, 'never-sent');

    // Round 3: restarted, the start-up pass finishes round 2.
    const third = await startServer();
    await settled(sent, 'never-sent', third);
    await refundAgain(sent, third);
    // Stripe's events of all this, delivered late to the restarted server, change nothing.
    fake.webhooks.retryFailed();
    await within(fake.webhooks.settled(), 'the webhooks delivered', third);
    await expectOnce(lost);
    await expectOnce(sent);
    expect(await stopServer(third)).toBe(0);
  }, 400_000);

  it('restarted, a tip by card and a lockout fee by card exist once at Stripe and once in the ledger', async () => {
    // Tips: two visits done and paid by card (the hold captured at completion).
    const tipVisits = await heldVisits(2);
    for (const visit of tipVisits) {
      const done = await call(
        setup,
        'PUT',
        `/appointments/${visit.id}`,
        admin.headers,
        statusBody(visit, 'completed'),
      );
      expect(done.statusCode, done.body).toBe(200);
    }
    // Lockout fees: two visits whose time has come (moved into the past), not held.
    const feeVisits = [await newVisit(), await newVisit()];
    for (const visit of feeVisits) {
      const start = new Date(Date.now() - 3 * 3_600_000);
      await setup.db
        .update(appointments)
        .set({ appointmentDate: start, endsAt: new Date(start.getTime() + 3_600_000) })
        .where(eq(appointments.id, visit.id));
    }
    const [tipLost, tipSent] = tipVisits;
    const [feeLost, feeSent] = feeVisits;
    if (!tipLost || !tipSent || !feeLost || !feeSent) throw new Error('no visit');
    const tipBody = (visit: Visit) => ({
      cents: TIP_CENTS,
      idempotencyKey: `crash-tip-${visit.id.slice(0, 8)}`,
    });
    const feeBody = (visit: Visit) => ({
      feeKind: 'lockout',
      cents: FEE_CENTS,
      note: 'No one home, the key was not in the box',
      idempotencyKey: `crash-fee-${visit.id.slice(0, 8)}`,
    });
    const steps = [
      { visit: tipLost, side: 'answer-lost', purpose: 'tip' },
      { visit: tipSent, side: 'never-sent', purpose: 'tip' },
      { visit: feeLost, side: 'answer-lost', purpose: 'fee' },
      { visit: feeSent, side: 'never-sent', purpose: 'fee' },
    ] as const;
    const sendStep = (server: ServerProcess, step: (typeof steps)[number]) =>
      step.purpose === 'tip'
        ? send(server, 'POST', `/appointments/${step.visit.id}/tips`, tipBody(step.visit), customerHeaders)
        : send(server, 'POST', `/appointments/${step.visit.id}/fees`, feeBody(step.visit));

    // The customer's tip and the office's fee, each cut at Stripe (done or dropped), then kill -9.
    const cuts = steps.map((step) => cut(ROUTE.create, keyOf(step.visit, step.purpose, 1), step.side));
    const first = await startServer();
    for (const step of steps) void sendStep(first, step).catch(() => undefined);
    await killWhenHeld(first, cuts);
    expect(steps.map((step) => carriedOut(ROUTE.create, keyOf(step.visit, step.purpose, 1)).length)).toEqual([
      1, 0, 1, 0,
    ]);
    // What the kill left: the attempts pending; no tip row; each fee recorded, not yet paid.
    for (const step of steps) {
      expect(await attemptsOf(step.visit)).toContain(`${step.purpose}:1:pending`);
      expect((await ledgerOf(step.visit)).map((row) => row.kind)).toEqual(
        step.purpose === 'tip' ? ['payment'] : ['fee'],
      );
    }

    // Restarted: the dialogs send their forms again with their keys (as they do after an error).
    const second = await startServer();
    for (const step of steps) {
      const again = await sendStep(second, step);
      expect(again.status, again.body).toBe(201);
    }
    fake.webhooks.retryFailed();
    await within(fake.webhooks.settled(), 'the webhooks delivered', second);
    for (const step of steps) {
      const key = keyOf(step.visit, step.purpose, 1);
      // Once at Stripe, whichever side the kill fell on.
      expect(carriedOut(ROUTE.create, key), key).toHaveLength(1);
      const charged = intentsOf(step.visit).filter((intent) => intent.metadata.attempt_key === key);
      expect(charged.map((intent) => intent.status)).toEqual(['succeeded']);
      expect(await attemptsOf(step.visit)).toContain(`${step.purpose}:1:captured`);
      // Once in the ledger: one row under the attempt's key, with Stripe's id.
      const rows = await ledgerOf(step.visit);
      expect(rows.filter((row) => row.key === key).map((row) => [row.kind, row.providerPaymentId])).toEqual([
        [step.purpose === 'tip' ? 'tip' : 'payment', charged[0]?.id],
      ]);
      expect(rows.map((row) => row.kind)).toEqual(
        step.purpose === 'tip' ? ['payment', 'tip'] : ['fee', 'payment'],
      );
    }
    // The tip is paid on top of the visit; the fee and its HST ($50.00 + $6.50) paid, nothing owed for it.
    expect(await moneyOf(tipLost)).toMatchObject({ tipsCents: TIP_CENTS, owedCents: 0 });
    const fee = await moneyOf(feeLost);
    expect(fee.paidCents).toBe(FEE_CENTS + 650);
    expect(await stopServer(second)).toBe(0);
  }, 400_000);
});
