import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, errorBodySchema, seriesDetailSchema } from '@eclat/shared';
import { appointments, paymentAttempts } from '../../db/schema/index.ts';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { call, makeCustomer, makeService, makeVisit, type TestCustomer } from '../../../test/factories.ts';
import type { StripeFake } from '../../../test/fakes/stripe-fake.ts';
import { closeStripeApp, sendHostedCardPage, startStripeApp } from '../../../test/stripe-app.ts';

/**
 * Booking with a card kept on file (PAYMENTS=stripe, decision 056), against the real app and the local
 * Stripe: a customer's own booking without a card is refused with CARD_REQUIRED and writes nothing; with
 * a card, a visit inside PAYMENT_HOLD_HOURS is held at once; a declined hold is held again at once when
 * the customer saves a new card.
 */

const TZ = 'America/Toronto';
let fake: StripeFake;
let app: TestApp;
let serviceId: string;
let started: Awaited<ReturnType<typeof startStripeApp>> | undefined;

beforeAll(async () => {
  started = await startStripeApp({
    PAYMENT_HOLD_HOURS: '168',
    SLOT_CAPACITY: '5',
  });
  ({ fake, app } = started);
  serviceId = await makeService(app, { pricing: 100 });
});

afterAll(async () => {
  await fake.webhooks.settled();
  await closeStripeApp(started);
});

beforeEach(async () => {
  await fake.webhooks.settled();
});

/** The customer goes through the card page with this test card and comes back (`card-setup/done`). */
async function saveCard(who: TestCustomer, testCard = 'good') {
  const sent = await sendHostedCardPage(app, who, testCard);
  const back = new URL(sent.location ?? '');
  const done = await call(app, 'POST', '/payments/card-setup/done', who.headers, {
    sessionId: back.searchParams.get('session'),
  });
  expect(done.statusCode, done.body).toBe(200);
}

/** A weekday-proof time inside the hold window: tomorrow or the day after, 10:00 in Toronto. */
let days = 0;
const soon = () => {
  days += 1;
  return fromLocal(addDays(todayIn(TZ), days), 10, 0, TZ).toISOString();
};

const holdsOf = (appointmentId: string) =>
  app.db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.appointmentId, appointmentId), eq(paymentAttempts.purpose, 'hold')))
    .orderBy(paymentAttempts.attempt);

describe('booking with PAYMENTS=stripe', () => {
  it('refuses a customer’s own booking and series without a card on file (409 CARD_REQUIRED), writing nothing', async () => {
    const who = await makeCustomer(app, { postalCode: 'M5H 2N2' });
    const one = await call(app, 'POST', `/appointments/customers/${who.customerId}`, who.headers, {
      serviceIds: [serviceId],
      appointmentDate: soon(),
    });
    expect(one.statusCode, one.body).toBe(409);
    expect(errorBodySchema.parse(one.json()).code).toBe('CARD_REQUIRED');
    const series = await call(app, 'POST', `/series/customers/${who.customerId}`, who.headers, {
      serviceIds: [serviceId],
      appointmentDate: soon(),
      frequency: 'weekly',
    });
    expect(series.statusCode, series.body).toBe(409);
    expect(errorBodySchema.parse(series.json()).code).toBe('CARD_REQUIRED');
    const rows = await app.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.customerId, who.customerId));
    expect(rows).toEqual([]);
  });

  it('books once a card is kept, and a visit inside the hold window is held at once', async () => {
    const who = await makeCustomer(app, { postalCode: 'M5H 2N2' });
    await saveCard(who);
    const visit = await makeVisit(app, who, { serviceIds: [serviceId], appointmentDate: soon() });
    const holds = await holdsOf(visit.appointmentId);
    expect(holds.map((hold) => hold.status)).toEqual(['held']);
    // $100 in Ontario: HST 13 % included in the hold.
    expect(holds[0]?.cents).toBe(11_300);
  });

  it('holds the first visit of a series inside the window at once', async () => {
    const who = await makeCustomer(app, { postalCode: 'H2X 1Y4' });
    await saveCard(who);
    const res = await call(app, 'POST', `/series/customers/${who.customerId}`, who.headers, {
      serviceIds: [serviceId],
      appointmentDate: soon(),
      frequency: 'every4Weeks',
    });
    expect(res.statusCode, res.body).toBe(201);
    const series = seriesDetailSchema.parse(res.json());
    const first = series.visits[0];
    if (!first) throw new Error('no visit planned');
    const holds = await holdsOf(first.appointmentId);
    expect(holds.map((hold) => hold.status)).toEqual(['held']);
  });

  it('after a declined hold, a card saved again is held at once with a new attempt', async () => {
    const who = await makeCustomer(app, { postalCode: 'M5H 2N2' });
    await saveCard(who);
    fake.declineNext();
    const visit = await makeVisit(app, who, { serviceIds: [serviceId], appointmentDate: soon() });
    expect((await holdsOf(visit.appointmentId)).map((hold) => hold.status)).toEqual(['failed']);
    await saveCard(who);
    expect((await holdsOf(visit.appointmentId)).map((hold) => hold.status)).toEqual(['failed', 'held']);
  });
});
