import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { addDays, appointmentSchema, checkoutRedirectSchema } from '@eclat/shared';
import type { Env } from '../src/config.ts';
import { fromLocal, todayIn } from '../src/lib/time-zone.ts';
import { createStripeClient, type StripeCard } from '../src/modules/payments/stripe-client.ts';
import { stripeCardFor, stripeProvider } from '../src/modules/payments/stripe-provider.ts';
import { call, makeCustomer, makeService, signedIn, type TestCustomer } from './factories.ts';
import { startStripeFake, type StripeFake } from './fakes/stripe-fake.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers.ts';

/** The business of the card tests: Toronto (HST 13 %), and a place there. */
export const CARD_TESTS_TZ = 'America/Toronto';
export const TORONTO = { street: '100 Queen Street West', city: 'Toronto', postalCode: 'M5H 2N2' };

/** The environment of an app taking cards (PAYMENTS=stripe) from the local Stripe `fake`, plus `extra`. */
export const stripeEnv = (fake: StripeFake, extra: Env = {}): Env => ({
  PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: fake.secretKey,
  STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
  STRIPE_API_BASE: fake.url,
  PUBLIC_URL: 'http://localhost:3000',
  ...extra,
});

/**
 * The real app with PAYMENTS=stripe against a fresh local Stripe (decision 046), listening on loopback
 * so the fake's signed webhooks reach its own route. Close both with `closeStripeApp`.
 */
export async function startStripeApp(extra: Env = {}): Promise<{ fake: StripeFake; app: TestApp; env: Env }> {
  const fake = await startStripeFake();
  const env = stripeEnv(fake, extra);
  const app = await buildTestApp(env);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  fake.webhooks.setEndpoint(`${address}/api/v1/payments/stripe/webhook`);
  return { fake, app, env };
}

export async function closeStripeApp(started: { fake: StripeFake; app: TestApp } | undefined) {
  await started?.app.close();
  await started?.fake.close();
}

/**
 * The customer asks for the card page (`POST /payments/card-setup`) and sends the fake's hosted form
 * with this test card, as a browser would: the answer is Stripe's redirect back to our success URL.
 */
export async function sendHostedCardPage(app: TestApp, who: TestCustomer, testCard = 'good') {
  const res = await call(app, 'POST', '/payments/card-setup', who.headers);
  expect(res.statusCode, res.body).toBe(201);
  const { url } = checkoutRedirectSchema.parse(res.json());
  return { url, ...(await sendHostedPage(url, testCard)) };
}

/** The fake's hosted page at `url` sent with this test card, as a browser would; Stripe's answer. */
export async function sendHostedPage(url: string, testCard: string) {
  const sent = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card: testCard }),
    redirect: 'manual',
  });
  return { status: sent.status, location: sent.headers.get('location') };
}

/** What a card test file works with once its app is up. */
export type StripeCardTestContext = { fake: StripeFake; app: TestApp; card: StripeCard; env: Env };

/**
 * The hooks of a card test file: before all, the app with PAYMENTS=stripe (`env` added) against a fresh
 * local Stripe and the card the services are called with (`timeoutMs`: a client of its own that gives up
 * after that long, with no retry, as the tests of lost calls need); before each, the fake's webhooks
 * delivered; after all, both closed. `ready` receives them once started. Returns `deps()`, the
 * dependencies the card services are called with directly (the holds pass, the reconciliation).
 */
export function useStripeCardTests(
  options: { env?: Env; timeoutMs?: number },
  ready: (context: StripeCardTestContext) => void,
) {
  let started: StripeCardTestContext | undefined;
  beforeAll(async () => {
    const { fake, app, env } = await startStripeApp(options.env);
    const card = await stripeCardFor(testConfig(env));
    const client = options.timeoutMs
      ? createStripeClient({
          secretKey: fake.secretKey,
          apiBase: fake.url,
          timeoutMs: options.timeoutMs,
          maxNetworkRetries: 0,
        })
      : card.stripe;
    started = { fake, app, env, card: { ...card, stripe: client } };
    ready(started);
  });
  afterAll(async () => {
    await started?.fake.webhooks.settled();
    await closeStripeApp(started);
  });
  beforeEach(async () => {
    await started?.fake.webhooks.settled();
  });
  const context = () => {
    if (!started) throw new Error('the Stripe app is not started (useStripeCardTests’ beforeAll)');
    return started;
  };
  const deps = () => {
    const { app, card } = context();
    return {
      db: app.db,
      jobs: app.jobs,
      provider: stripeProvider(card.stripe),
      business: { brandName: 'Éclat', timeZone: CARD_TESTS_TZ },
      card,
    };
  };
  return { deps, customerWithCard: (testCard = 'good') => customerWithCard(context(), testCard) };
}

/** A customer in Toronto with this test card kept on file through the fake's hosted page. */
export async function customerWithCard(
  context: Pick<StripeCardTestContext, 'app' | 'fake'>,
  testCard = 'good',
) {
  const who = await makeCustomer(context.app, { postalCode: TORONTO.postalCode });
  const sent = await sendHostedCardPage(context.app, who, testCard);
  expect(sent.status).toBe(303);
  await context.fake.webhooks.settled();
  return who;
}

/**
 * A $100 visit (HST: $113.00) in Toronto for `who`, confirmed by the admin at `hour` (10:00) `daysAhead`
 * days on (a whole day or more away whatever the time: beyond the default hold window for 3 and more).
 */
export async function confirmedVisitAhead(app: TestApp, who: TestCustomer, daysAhead: number, hour = 10) {
  const admin = await signedIn(app, ['admin']);
  const serviceId = await makeService(app);
  const day = addDays(todayIn(CARD_TESTS_TZ), daysAhead);
  const res = await call(app, 'POST', '/appointments', admin.headers, {
    customerId: who.customerId,
    serviceIds: [serviceId],
    appointmentDate: fromLocal(day, hour, 0, CARD_TESTS_TZ).toISOString(),
    status: 'confirmed',
    place: TORONTO,
  });
  expect(res.statusCode, res.body).toBe(201);
  const visit = appointmentSchema.parse(res.json());
  return { ...visit, startsAt: new Date(visit.appointmentDate), admin, serviceId };
}
