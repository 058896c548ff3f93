import { expect } from 'vitest';
import { checkoutRedirectSchema } from '@eclat/shared';
import type { Env } from '../src/config.ts';
import { call, type TestCustomer } from './factories.ts';
import { startStripeFake, type StripeFake } from './fakes/stripe-fake.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

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
  const sent = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card: testCard }),
    redirect: 'manual',
  });
  return { url, status: sent.status, location: sent.headers.get('location') };
}
