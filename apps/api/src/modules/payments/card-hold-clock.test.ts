import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays } from '@eclat/shared';
import { paymentAttempts } from '../../db/schema/index.ts';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { eventually, jobsSettled, type TestApp } from '../../../test/helpers.ts';
import { call, makeCustomer, makeService, makeVisit } from '../../../test/factories.ts';
import type { StripeFake } from '../../../test/fakes/stripe-fake.ts';
import { closeStripeApp, sendHostedCardPage, startStripeApp } from '../../../test/stripe-app.ts';

/**
 * The hold placed when the clock reaches the window (decision 059), against the real app, its job queue
 * and the local Stripe: a card visit booked beyond PAYMENT_HOLD_HOURS gets no hold at booking; a run of
 * the holds pass is queued for the moment its window opens (the five-minute cron is only the safety net),
 * and when the clock gets there the hold is placed, once. PAYMENT_HOLD_HOURS is a decimal chosen at the
 * start so that the window of the visit opens a few seconds after the booking.
 */

const TZ = 'America/Toronto';
const HOUR = 60 * 60 * 1000;
/** How long after the app's start the visit's window opens: the start, a card saved and a booking fit. */
const OPENS_AFTER_MS = 15_000;

let fake: StripeFake;
let app: TestApp;
let started: Awaited<ReturnType<typeof startStripeApp>> | undefined;
/** Three days on at 10:00 in Toronto: 2 to 3.5 days away whatever the time and weekday, a whole hour. */
const startsAt = fromLocal(addDays(todayIn(TZ), 3), 10, 0, TZ);
let holdHours = 0;

beforeAll(async () => {
  holdHours = (startsAt.getTime() - Date.now() - OPENS_AFTER_MS) / HOUR;
  started = await startStripeApp({ PAYMENT_HOLD_HOURS: String(holdHours), JOB_POLL_SECONDS: '1' });
  ({ fake, app } = started);
});

afterAll(async () => {
  await fake.webhooks.settled();
  await closeStripeApp(started);
});

describe('the hold when the clock reaches the window', () => {
  it('queues a run of the pass for the window’s opening, and the hold is placed then, once', async () => {
    const serviceId = await makeService(app, { pricing: 100 });
    const who = await makeCustomer(app, { postalCode: 'M5H 2N2' });
    const sent = await sendHostedCardPage(app, who);
    const done = await call(app, 'POST', '/payments/card-setup/done', who.headers, {
      sessionId: new URL(sent.location ?? '').searchParams.get('session'),
    });
    expect(done.statusCode, done.body).toBe(200);
    const visit = await makeVisit(app, who, {
      serviceIds: [serviceId],
      appointmentDate: startsAt.toISOString(),
    });
    const opensAt = startsAt.getTime() - Math.round(holdHours * HOUR);
    // Booked before its window opened (else this machine was too slow for the test's margin).
    expect(Date.now()).toBeLessThan(opensAt);

    const holds = () =>
      app.db
        .select({ status: paymentAttempts.status })
        .from(paymentAttempts)
        .where(
          and(eq(paymentAttempts.appointmentId, visit.appointmentId), eq(paymentAttempts.purpose, 'hold')),
        );
    const atTheFake = () =>
      fake.objects('payment_intent').filter((intent) => intent.metadata.visit_id === visit.appointmentId);
    expect(await holds()).toEqual([]);
    expect(atTheFake()).toEqual([]);

    // The run asked for the opening, to the next whole second (decision 059), queued once.
    const runAt = new Date(Math.ceil(opensAt / 1000) * 1000);
    const { rows } = await app.db.$client.query<{ start_after: Date; state: string }>(
      `select start_after, state from pgboss.job where name = 'payment-holds' and singleton_key = $1`,
      [`hold-window:${runAt.toISOString()}`],
    );
    expect(rows.map((row) => [row.start_after.getTime(), row.state])).toEqual([[runAt.getTime(), 'created']]);
    // Asked again (another pass, another process): not queued a second time.
    expect(await app.jobs.runOnceAt('payment-holds', runAt, `hold-window:${runAt.toISOString()}`)).toBe(
      false,
    );

    // The attempt's row is written `pending` before the call to Stripe, then says what Stripe answered.
    await eventually(
      async () => (await holds()).some((hold) => hold.status !== 'pending'),
      OPENS_AFTER_MS + 30_000,
    );
    expect(await holds()).toEqual([{ status: 'held' }]);
    await jobsSettled(app.db.$client, ['payment-holds']);
    const intents = atTheFake();
    expect(intents.map((intent) => [intent.status, intent.amount])).toEqual([['requires_capture', 11_300]]);
  });
});
