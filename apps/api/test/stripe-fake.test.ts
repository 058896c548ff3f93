import { createServer, type Server } from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripeClient } from '../src/modules/payments/stripe-client.ts';
import { startStripeFake, type StripeFake } from './fakes/stripe-fake.ts';

/**
 * The Stripe fake (decision 046), driven only as the adapter will drive it: the official SDK made by
 * `createStripeClient` and pointed at the fake, and plain HTTP for the hosted pages.
 */

type Received = { raw: string; signature: string; event: Stripe.Event };

/** Our side of the webhooks: verifies each delivery with the SDK, as the adapter will. */
async function startReceiver(secret: string) {
  const received: Received[] = [];
  const refused: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['stripe-signature']);
      try {
        received.push({ raw, signature, event: Stripe.webhooks.constructEvent(raw, signature, secret) });
        res.writeHead(200).end();
      } catch {
        refused.push(raw);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/webhooks/stripe`,
    received,
    refused,
    types: () => received.map((item) => item.event.type),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

let fake: StripeFake;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let stripe: Stripe;
let keys = 0;
/** An idempotency key of our own, as the adapter derives one from the visit, the purpose and the attempt. */
const key = (purpose: string) => `test-${purpose}-${++keys}`;

beforeAll(async () => {
  fake = await startStripeFake();
  receiver = await startReceiver(fake.webhookSecret);
  fake.webhooks.setEndpoint(receiver.url);
  stripe = createStripeClient({ secretKey: fake.secretKey, apiBase: fake.url });
});

afterAll(async () => {
  await fake.close();
  await receiver.close();
});

beforeEach(async () => {
  await fake.webhooks.settled();
  fake.reset();
  receiver.received.length = 0;
  receiver.refused.length = 0;
});

async function customerWithCard(behaviour: Parameters<StripeFake['addCard']>[1] = 'good') {
  const customer = await stripe.customers.create(
    { email: 'ana@example.com' },
    { idempotencyKey: key('customer') },
  );
  const pm = fake.addCard(customer.id, behaviour);
  return { customer: customer.id, pm: pm.id };
}

async function hold(customer: string, pm: string, amount = 11_300) {
  return stripe.paymentIntents.create(
    {
      amount,
      currency: 'cad',
      customer,
      payment_method: pm,
      capture_method: 'manual',
      confirm: true,
      off_session: true,
      metadata: { visit_id: 'v1', purpose: 'hold' },
    },
    { idempotencyKey: key('hold') },
  );
}

/** The customer sends the hosted page's form; returns where the page sent them. */
async function submitCheckout(url: string, card: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

describe('the Stripe fake, through the official SDK', () => {
  it('keeps a card on file through a setup-mode Checkout session, and signs the events it sends', async () => {
    const customer = await stripe.customers.create(
      { email: 'ana@example.com', name: 'Ana', preferred_locales: ['fr'] },
      { idempotencyKey: key('customer') },
    );
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'setup',
        customer: customer.id,
        currency: 'cad',
        success_url: 'http://localhost:3000/payments/card?session={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:3000/payments/card?canceled=1',
        metadata: { customer_id: 'c1' },
      },
      { idempotencyKey: key('setup') },
    );
    expect(session).toMatchObject({ object: 'checkout.session', mode: 'setup', status: 'open' });
    if (!session.url) throw new Error('no url');
    expect(session.url.startsWith(fake.url)).toBe(true);

    const page = await fetch(session.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Save card');
    expect(html).toContain('Card requiring authentication');

    const declined = await submitCheckout(session.url, 'declined');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const done = await submitCheckout(session.url, 'good');
    expect(done.status).toBe(303);
    expect(done.location).toBe(`http://localhost:3000/payments/card?session=${session.id}`);

    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] });
    expect(completed.status).toBe('complete');
    const setupIntent = completed.setup_intent;
    if (typeof setupIntent !== 'object' || setupIntent === null) throw new Error('setup_intent not expanded');
    expect(setupIntent.status).toBe('succeeded');
    const pmId = typeof setupIntent.payment_method === 'string' ? setupIntent.payment_method : '';
    const cards = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(cards.data.map((pm) => pm.id)).toEqual([pmId]);
    expect(cards.data[0]?.card?.last4).toBe('4242');
    expect(JSON.stringify(cards)).not.toContain('fake_behaviour');
    const updated = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: pmId },
    });
    expect(updated.invoice_settings.default_payment_method).toBe(pmId);

    await fake.webhooks.settled();
    expect(receiver.types()).toEqual([
      'payment_method.attached',
      'setup_intent.succeeded',
      'checkout.session.completed',
    ]);
    expect(receiver.refused).toEqual([]);
    const completedEvent = receiver.received[2]?.event;
    expect(completedEvent?.data.object).toMatchObject({ id: session.id, status: 'complete' });
    expect((await stripe.events.retrieve(completedEvent?.id ?? '')).type).toBe('checkout.session.completed');
  });

  it('attaches and detaches cards, keeps setup intents, and confirms an intent made without confirming', async () => {
    const { customer, pm } = await customerWithCard();
    const other = await stripe.customers.create(
      { email: 'bo@example.com' },
      { idempotencyKey: key('customer') },
    );
    const foreign = await stripe.customers
      .update(other.id, { invoice_settings: { default_payment_method: pm } })
      .catch((error: unknown) => error);
    expect(foreign).toMatchObject({ statusCode: 400, code: 'resource_missing' });
    await stripe.customers.update(customer, { invoice_settings: { default_payment_method: pm } });

    const detached = await stripe.paymentMethods.detach(pm);
    expect(detached.customer).toBeNull();
    const after = await stripe.customers.retrieve(customer);
    expect(after.deleted ? 'deleted' : after.invoice_settings.default_payment_method).toBeNull();
    expect((await stripe.customers.listPaymentMethods(customer)).data).toEqual([]);
    const used = await hold(customer, pm).catch((error: unknown) => error);
    expect(used).toMatchObject({ statusCode: 400, param: 'payment_method' });
    const attached = await stripe.paymentMethods.attach(pm, { customer: other.id });
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBe(attached.customer);

    const seti = await stripe.setupIntents.create({
      customer: other.id,
      usage: 'off_session',
      metadata: { customer_id: 'c2' },
    });
    expect(await stripe.setupIntents.retrieve(seti.id)).toMatchObject({
      status: 'requires_payment_method',
      customer: other.id,
    });

    const pi = await stripe.paymentIntents.create(
      { amount: 2_000, currency: 'cad', customer: other.id, payment_method: pm, capture_method: 'manual' },
      { idempotencyKey: key('hold') },
    );
    expect(pi.status).toBe('requires_confirmation');
    const confirmed = await stripe.paymentIntents.confirm(
      pi.id,
      { off_session: true },
      { idempotencyKey: key('confirm') },
    );
    expect(confirmed).toMatchObject({ status: 'requires_capture', amount_capturable: 2_000 });
    const again = await stripe.paymentIntents
      .confirm(pi.id, {}, { idempotencyKey: key('confirm') })
      .catch((error: unknown) => error);
    expect(again).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('holds, captures part, refunds part, and refuses a refund beyond what is left', async () => {
    const { customer, pm } = await customerWithCard();
    const held = await hold(customer, pm);
    expect(held).toMatchObject({
      status: 'requires_capture',
      amount: 11_300,
      amount_capturable: 11_300,
      currency: 'cad',
    });

    const captured = await stripe.paymentIntents.capture(
      held.id,
      { amount_to_capture: 10_000 },
      { idempotencyKey: key('capture') },
    );
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 10_000, amount_capturable: 0 });

    const refund = await stripe.refunds.create(
      {
        payment_intent: held.id,
        amount: 2_500,
        reason: 'requested_by_customer',
        metadata: { reason: 'window missed' },
      },
      { idempotencyKey: key('refund') },
    );
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 2_500,
      status: 'succeeded',
      payment_intent: held.id,
    });

    const tooMuch = await stripe.refunds
      .create({ payment_intent: held.id, amount: 7_501 }, { idempotencyKey: key('refund') })
      .catch((error: unknown) => error);
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({ code: 'amount_too_large', statusCode: 400 });

    const rest = await stripe.refunds.create({ payment_intent: held.id }, { idempotencyKey: key('refund') });
    expect(rest.amount).toBe(7_500);
    const none = await stripe.refunds
      .create({ payment_intent: held.id, amount: 1 }, { idempotencyKey: key('refund') })
      .catch((error: unknown) => error);
    expect(none).toMatchObject({ code: 'charge_already_refunded' });

    expect(await stripe.refunds.retrieve(refund.id)).toMatchObject({
      amount: 2_500,
      reason: 'requested_by_customer',
    });
    const refunds = await stripe.refunds.list({ payment_intent: held.id });
    expect(refunds.data.map((item) => item.amount)).toEqual([7_500, 2_500]);
    const withCharge = await stripe.paymentIntents.retrieve(held.id, { expand: ['latest_charge'] });
    expect(withCharge.latest_charge).toMatchObject({
      amount_captured: 10_000,
      amount_refunded: 10_000,
      refunded: true,
    });

    await fake.webhooks.settled();
    expect(receiver.types()).toEqual([
      'payment_intent.created',
      'payment_intent.amount_capturable_updated',
      'charge.captured',
      'payment_intent.succeeded',
      'refund.created',
      'charge.refunded',
      'refund.created',
      'charge.refunded',
    ]);
  });

  it('refuses a second capture, a capture above the hold and a capture of a released hold', async () => {
    const { customer, pm } = await customerWithCard();
    const held = await hold(customer, pm, 10_000);

    const above = await stripe.paymentIntents
      .capture(held.id, { amount_to_capture: 10_001 }, { idempotencyKey: key('capture') })
      .catch((error: unknown) => error);
    expect(above).toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_large',
      statusCode: 400,
    });

    await stripe.paymentIntents.capture(held.id, {}, { idempotencyKey: key('capture') });
    const twice = await stripe.paymentIntents
      .capture(held.id, {}, { idempotencyKey: key('capture') })
      .catch((error: unknown) => error);
    expect(twice).toMatchObject({ code: 'payment_intent_unexpected_state', statusCode: 400 });
    expect(fake.objects('charge')).toHaveLength(1);

    const released = await hold(customer, pm, 5_000);
    const canceled = await stripe.paymentIntents.cancel(
      released.id,
      { cancellation_reason: 'requested_by_customer' },
      { idempotencyKey: key('cancel') },
    );
    expect(canceled).toMatchObject({ status: 'canceled', amount_capturable: 0 });
    const afterCancel = await stripe.paymentIntents
      .capture(released.id, {}, { idempotencyKey: key('capture') })
      .catch((error: unknown) => error);
    expect(afterCancel).toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect(String(afterCancel)).toContain('status of canceled');

    const lapsed = await hold(customer, pm, 5_000);
    fake.expireHold(lapsed.id);
    expect(await stripe.paymentIntents.retrieve(lapsed.id)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'automatic',
    });
    await fake.webhooks.settled();
    expect(receiver.types().filter((type) => type === 'payment_intent.canceled')).toHaveLength(2);
  });

  it('declines a declining card, and the next confirmations it is told to, with Stripe-shaped card errors', async () => {
    const bad = await customerWithCard('declined');
    const declined = await hold(bad.customer, bad.pm).catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    if (!(declined instanceof Stripe.errors.StripeCardError)) throw new Error('not a card error');
    expect(declined.payment_intent?.status).toBe('requires_payment_method');
    expect(declined.payment_intent?.last_payment_error?.decline_code).toBe('generic_decline');

    const good = await customerWithCard();
    fake.declineNext({ code: 'insufficient_funds' });
    const short = await hold(good.customer, good.pm).catch((error: unknown) => error);
    expect(short).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
    expect((await hold(good.customer, good.pm)).status).toBe('requires_capture');

    fake.declineNext({ step: 'capture' });
    const held = await hold(good.customer, good.pm);
    const refused = await stripe.paymentIntents
      .capture(held.id, {}, { idempotencyKey: key('capture') })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 402, code: 'card_declined' });
    expect((await stripe.paymentIntents.retrieve(held.id)).status).toBe('requires_capture');

    await fake.webhooks.settled();
    expect(receiver.types().filter((type) => type === 'payment_intent.payment_failed')).toHaveLength(2);
  });

  it('asks for authentication: off session a 402 and the intent back to requires_payment_method; on session its page', async () => {
    const { customer, pm } = await customerWithCard();
    fake.requireActionNext();
    const offSession = await hold(customer, pm).catch((error: unknown) => error);
    expect(offSession).toMatchObject({ statusCode: 402, code: 'authentication_required' });
    if (!(offSession instanceof Stripe.errors.StripeCardError)) throw new Error('not a card error');
    const pi = offSession.payment_intent;
    // As Stripe does: the customer must come back and pay on session (no next_action off session).
    expect(pi).toMatchObject({
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: { code: 'authentication_required' },
    });
    expect((await stripe.paymentIntents.retrieve(pi?.id ?? '')).status).toBe('requires_payment_method');

    // On session (the customer is there), the same card answers 200 with requires_action.
    const strong = fake.addCard(customer, 'authentication_required');
    const onSession = await stripe.paymentIntents.create(
      {
        amount: 5_000,
        currency: 'cad',
        customer,
        payment_method: strong.id,
        confirm: true,
        return_url: 'http://localhost:3000/back',
      },
      { idempotencyKey: key('pay') },
    );
    expect(onSession.status).toBe('requires_action');
    const failed = await fetch(onSession.next_action?.redirect_to_url?.url ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=fail',
      redirect: 'manual',
    });
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe('http://localhost:3000/back');
    expect((await stripe.paymentIntents.retrieve(onSession.id)).status).toBe('requires_payment_method');

    await fake.webhooks.settled();
    expect(receiver.types().filter((type) => type === 'payment_intent.requires_action')).toHaveLength(1);
    expect(receiver.types().filter((type) => type === 'payment_intent.payment_failed')).toHaveLength(2);
  });

  it('takes a deposit through a payment-mode Checkout session', async () => {
    const customer = await stripe.customers.create({}, { idempotencyKey: key('customer') });
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer: customer.id,
        success_url: 'http://localhost:3000/done?session={CHECKOUT_SESSION_ID}',
        line_items: [
          {
            price_data: { currency: 'cad', unit_amount: 5_650, product_data: { name: 'Deposit' } },
            quantity: 1,
          },
        ],
        payment_intent_data: {
          setup_future_usage: 'off_session',
          metadata: { visit_id: 'v9', purpose: 'deposit' },
        },
      },
      { idempotencyKey: key('deposit') },
    );
    expect(session.amount_total).toBe(5_650);
    expect(await (await fetch(session.url ?? '')).text()).toContain('56.50 CAD');
    const done = await submitCheckout(session.url ?? '', 'authentication_required');
    expect(done.status).toBe(303);
    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(completed.payment_intent).toMatchObject({
      status: 'succeeded',
      amount_received: 5_650,
      metadata: { visit_id: 'v9' },
    });
    // Kept for later (setup_future_usage), and it will ask for authentication again off session.
    const [card] = (await stripe.paymentMethods.list({ customer: customer.id })).data;
    const later = await hold(customer.id, card?.id ?? '').catch((error: unknown) => error);
    expect(later).toMatchObject({ code: 'authentication_required' });
  });

  it('answers the same key and body with the first answer, once; refuses another body or a missing key', async () => {
    const { customer, pm } = await customerWithCard();
    const params = {
      amount: 8_000,
      currency: 'cad',
      customer,
      payment_method: pm,
      capture_method: 'manual' as const,
      confirm: true,
      off_session: true,
    };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'visit-v1-hold-1' });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'visit-v1-hold-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(fake.objects('payment_intent')).toHaveLength(1);
    expect(
      fake
        .requests({ route: 'POST /v1/payment_intents' })
        .map((request) => [request.idempotencyKey, request.replayed]),
    ).toEqual([
      ['visit-v1-hold-1', false],
      ['visit-v1-hold-1', true],
    ]);

    const other = await stripe.paymentIntents
      .create({ ...params, amount: 9_000 }, { idempotencyKey: 'visit-v1-hold-1' })
      .catch((error: unknown) => error);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });

    // The SDK adds a key of its own to every POST: it does not count.
    const withoutOurs = await stripe.paymentIntents.create(params).catch((error: unknown) => error);
    expect(withoutOurs).toMatchObject({ statusCode: 400, code: 'idempotency_key_required' });
    const plain = await fetch(`${fake.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${fake.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `payment_intent=${first.id}`,
    });
    expect(plain.status).toBe(400);
    expect(await plain.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'idempotency_key_required' },
    });
    expect(fake.objects('payment_intent')).toHaveLength(1);
    expect(fake.objects('refund')).toHaveLength(0);
  });

  it('carries out a request whose answer was lost to a timeout; the retry with the same key makes no second payment', async () => {
    const { customer, pm } = await customerWithCard();
    const impatient = createStripeClient({
      secretKey: fake.secretKey,
      apiBase: fake.url,
      timeoutMs: 1_000,
      maxNetworkRetries: 2,
    });
    fake.timeOutNext({ route: 'POST /v1/payment_intents' });
    const pi = await impatient.paymentIntents.create(
      {
        amount: 6_000,
        currency: 'cad',
        customer,
        payment_method: pm,
        capture_method: 'manual',
        confirm: true,
        off_session: true,
      },
      { idempotencyKey: 'visit-v2-hold-1' },
    );
    expect(pi.status).toBe('requires_capture');
    expect(fake.objects('payment_intent').map((item) => item.id)).toEqual([pi.id]);
    const requests = fake.requests({ route: 'POST /v1/payment_intents' });
    expect(requests.every((request) => request.idempotencyKey === 'visit-v2-hold-1')).toBe(true);
    expect(requests.filter((request) => request.status === 200 && !request.replayed)).toHaveLength(1);
    expect(requests.at(-1)).toMatchObject({ status: 200, replayed: true });
  });

  it('holds a request while the client goes away, then carries it out; our later retry with the same key gets it', async () => {
    const { customer, pm } = await customerWithCard();
    // No retries of its own: as when our server is killed while the request is out.
    const once = createStripeClient({
      secretKey: fake.secretKey,
      apiBase: fake.url,
      timeoutMs: 500,
      maxNetworkRetries: 0,
    });
    const held = await hold(customer, pm);
    fake.timeOutNext({ route: 'POST /v1/payment_intents/:id/capture' });
    const arrived = fake.waitForRequest({ route: 'POST /v1/payment_intents/:id/capture' });
    const lost = await once.paymentIntents
      .capture(held.id, {}, { idempotencyKey: `visit-v3-capture-1` })
      .catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(await arrived).toHaveLength(1);
    await fake.idle();
    expect(fake.object(held.id)).toMatchObject({ status: 'succeeded', amount_received: 11_300 });

    const retried = await stripe.paymentIntents.capture(
      held.id,
      {},
      { idempotencyKey: `visit-v3-capture-1` },
    );
    expect(retried).toMatchObject({ id: held.id, status: 'succeeded' });
    expect(retried.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(fake.objects('charge')).toHaveLength(1);
  });

  it('delivers webhooks twice, or held and in reverse order, each signed; a forged signature does not verify', async () => {
    const { customer, pm } = await customerWithCard();
    fake.webhooks.duplicateNext(2);
    const held = await hold(customer, pm);
    await fake.webhooks.settled();
    const ids = receiver.received.map((item) => item.event.id);
    expect(ids).toHaveLength(4);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).toBe(ids[3]);

    receiver.received.length = 0;
    fake.webhooks.hold();
    await stripe.paymentIntents.capture(held.id, {}, { idempotencyKey: key('capture') });
    await stripe.refunds.create({ payment_intent: held.id, amount: 100 }, { idempotencyKey: key('refund') });
    await fake.webhooks.settled();
    expect(receiver.received).toEqual([]);
    fake.webhooks.release({ order: 'reverse' });
    await fake.webhooks.settled();
    expect(receiver.types()).toEqual([
      'charge.refunded',
      'refund.created',
      'payment_intent.succeeded',
      'charge.captured',
    ]);
    expect(fake.webhooks.deliveries().every((delivery) => delivery.status === 200)).toBe(true);

    // Our server down: the deliveries fail and are kept; sent again once it is back.
    receiver.received.length = 0;
    fake.webhooks.setEndpoint('http://127.0.0.1:9/webhooks/stripe');
    await stripe.paymentIntents.cancel((await hold(customer, pm)).id, {}, { idempotencyKey: key('cancel') });
    await fake.webhooks.settled();
    expect(fake.webhooks.deliveries().filter((delivery) => delivery.status === 'error')).toHaveLength(3);
    fake.webhooks.setEndpoint(receiver.url);
    fake.webhooks.retryFailed();
    await fake.webhooks.settled();
    expect(receiver.types()).toEqual([
      'payment_intent.created',
      'payment_intent.amount_capturable_updated',
      'payment_intent.canceled',
    ]);
    fake.webhooks.retryFailed();
    await fake.webhooks.settled();
    expect(receiver.received).toHaveLength(3);

    const { raw, signature, event } = receiver.received[0] ?? { raw: '', signature: '', event: undefined };
    expect(() => Stripe.webhooks.constructEvent(raw, signature, 'whsec_someone_else')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() =>
      Stripe.webhooks.constructEvent(
        raw.replace(event?.id ?? '', 'evt_forged'),
        signature,
        fake.webhookSecret,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const forged = await fetch(receiver.url, {
      method: 'POST',
      headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      body: raw,
    });
    expect(forged.status).toBe(400);
  });

  it('lists and searches a customer’s payment intents page by page, for reconciliation', async () => {
    const { customer, pm } = await customerWithCard();
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await hold(customer, pm, 1_000 + i)).id);
    const first = await stripe.paymentIntents.list({ customer, limit: 2 });
    expect(first.data.map((pi) => pi.id)).toEqual([made[2], made[1]]);
    expect(first.has_more).toBe(true);
    const second = await stripe.paymentIntents.list({
      customer,
      limit: 2,
      starting_after: first.data[1]?.id ?? '',
    });
    expect(second.data.map((pi) => pi.id)).toEqual([made[0]]);
    expect(second.has_more).toBe(false);
    const all = [];
    for await (const pi of stripe.paymentIntents.list({ customer, limit: 1 })) all.push(pi.id);
    expect(all).toEqual([...made].reverse());
    const found = await stripe.paymentIntents.search({
      query: `metadata['visit_id']:'v1' AND customer:'${customer}'`,
    });
    expect(found.data).toHaveLength(3);
    const since = (await stripe.paymentIntents.retrieve(made[0] ?? '')).created;
    const recent = await stripe.paymentIntents.list({ customer, created: { gte: since }, limit: 100 });
    expect(recent.data).toHaveLength(3);
    expect((await stripe.paymentIntents.list({ customer, created: { gt: since + 3600 } })).data).toEqual([]);
    const unknown: unknown = await stripe
      .rawRequest('GET', `/v1/payment_intents?customer=${customer}&status=succeeded`)
      .catch((error: unknown) => error);
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'status' });
    const events = await stripe.events.list({ type: 'payment_intent.amount_capturable_updated', limit: 100 });
    expect(events.data).toHaveLength(3);
  });

  it('refuses what Stripe refuses: an unknown parameter, a wrong key, an unknown object', async () => {
    // The typed methods would not let us send it: the SDK's raw request does.
    const unknown: unknown = await stripe
      .rawRequest(
        'POST',
        '/v1/customers',
        { email: 'a@example.com', colour: 'blue' },
        { idempotencyKey: key('customer') },
      )
      .catch((error: unknown) => error);
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'colour' });
    const wrongKey = createStripeClient({ secretKey: 'sk_test_wrong', apiBase: fake.url });
    await expect(wrongKey.customers.retrieve('cus_x')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(stripe.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('takes the routes that need a key of our own as an option', async () => {
    const lenient = await startStripeFake({ idempotentRoutes: ['POST /v1/refunds'] });
    try {
      const client = createStripeClient({ secretKey: lenient.secretKey, apiBase: lenient.url });
      expect((await client.customers.create({ email: 'c@example.com' })).object).toBe('customer');
      expect(lenient.requests()[0]?.idempotencyKey).toMatch(/^stripe-node-retry-/);
    } finally {
      await lenient.close();
    }
  });

  it('keeps its state in a file, so a new fake on the same file answers as the old one did', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stripe-fake-'));
    const file = path.join(dir, 'state.json');
    const before = await startStripeFake({ persistFile: file });
    const client = createStripeClient({ secretKey: before.secretKey, apiBase: before.url });
    const customer = await client.customers.create(
      { email: 'b@example.com' },
      { idempotencyKey: 'customer-b' },
    );
    await before.close();

    const after = await startStripeFake({ persistFile: file });
    try {
      const again = createStripeClient({ secretKey: after.secretKey, apiBase: after.url });
      expect((await again.customers.retrieve(customer.id)).id).toBe(customer.id);
      const replay = await again.customers.create(
        { email: 'b@example.com' },
        { idempotencyKey: 'customer-b' },
      );
      expect(replay.id).toBe(customer.id);
      expect(after.objects('customer')).toHaveLength(1);
    } finally {
      await after.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('createStripeClient', () => {
  it('points the SDK at a loopback address only', () => {
    for (const base of [
      'http://127.0.0.1:12111',
      'http://localhost:12111',
      'http://[::1]:12111',
      'http://127.8.9.10',
    ]) {
      expect(createStripeClient({ secretKey: 'sk_test_x', apiBase: base })).toBeInstanceOf(Stripe);
    }
    for (const base of [
      'https://api.stripe.example',
      'http://10.0.0.5:12111',
      'http://192.168.1.2',
      'http://127.0.0.1.example.com',
      'ftp://127.0.0.1',
      'http://127.0.0.1:12111/v1',
    ]) {
      expect(() => createStripeClient({ secretKey: 'sk_test_x', apiBase: base })).toThrow(
        /STRIPE_API_BASE .* refused/,
      );
    }
  });
});
