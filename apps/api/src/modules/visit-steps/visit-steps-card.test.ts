import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, appointmentSchema, visitPaymentsSchema } from '@eclat/shared';
import { paymentAttempts } from '../../db/schema/index.ts';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { type TestApp } from '../../../test/helpers.ts';
import { call, makeCustomer, makeEmployee, makeService, signedIn } from '../../../test/factories.ts';
import type { StripeFake } from '../../../test/fakes/stripe-fake.ts';
import {
  CARD_TESTS_TZ as TZ,
  sendHostedCardPage,
  TORONTO,
  useStripeCardTests,
} from '../../../test/stripe-app.ts';
import { moveVisitToDay } from '../../../test/visit-day.ts';
import { placeDueHolds } from '../payments/card.service.ts';
import { replaceAssignments } from '../scheduling/staff.repository.ts';

/**
 * PAYMENTS=stripe (decision 053) and the visit in the field (decision 062): the cleaner's "Done" on My
 * Day goes through the office's own completion, so the card's hold is captured once and the customer
 * asked for feedback once.
 */

const HOUR = 60 * 60 * 1000;

let fake: StripeFake;
let app: TestApp;
const { deps } = useStripeCardTests({}, (ready) => ({ fake, app } = ready));

const holdsOf = (appointmentId: string) =>
  app.db
    .select({ status: paymentAttempts.status })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.appointmentId, appointmentId), eq(paymentAttempts.purpose, 'hold')));

const captureKeys = (appointmentId: string) =>
  fake
    .requests({ route: 'POST /v1/payment_intents/:id/capture' })
    .filter((request) => request.idempotencyKey?.startsWith(`visit:${appointmentId}:`))
    .map((request) => request.idempotencyKey);

async function feedbackRequestsTo(address: string) {
  const { rows } = await app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = 'email' and data->>'to' = ${address}
          and data->'message'->>'template' = 'feedback-request'`,
  );
  return rows[0]?.n ?? 0;
}

describe('the cleaner’s "Done" with cards taken', () => {
  it('captures the hold once and asks for feedback once, as the office’s "completed" does', async () => {
    const who = await makeCustomer(app, { postalCode: TORONTO.postalCode });
    await sendHostedCardPage(app, who);
    await fake.webhooks.settled();
    const admin = await signedIn(app, ['admin']);
    const serviceId = await makeService(app);
    const date = addDays(todayIn(TZ), 4);
    const res = await call(app, 'POST', '/appointments', admin.headers, {
      customerId: who.customerId,
      serviceIds: [serviceId],
      appointmentDate: fromLocal(date, 10, 0, TZ).toISOString(),
      status: 'confirmed',
      place: TORONTO,
    });
    expect(res.statusCode, res.body).toBe(201);
    const visit = appointmentSchema.parse(res.json());
    const cleaner = await makeEmployee(app, { firstName: 'Émile' });
    await replaceAssignments(app.db, visit.appointmentId, [cleaner.id], admin.user.id);
    // The hold placed the day before, as the holds pass does.
    await placeDueHolds(deps(), new Date(Date.parse(visit.appointmentDate) - 23 * HOUR));
    expect(await holdsOf(visit.appointmentId)).toEqual([{ status: 'held' }]);
    // Its day has come: a visit's steps start on its day (decision 063).
    await moveVisitToDay(app.db, visit.appointmentId, todayIn(TZ), TZ);

    const steps = `/appointments/${visit.appointmentId}/steps`;
    for (const [index, step] of (['onTheWay', 'arrived', 'completed'] as const).entries()) {
      const sent = await call(app, 'POST', steps, cleaner.headers, {
        step,
        key: `card-step-${String(index)}-key`,
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    // The same "Done" sent again (a retry from the phone): nothing more.
    const again = await call(app, 'POST', steps, cleaner.headers, {
      step: 'completed',
      key: 'card-step-2-key',
    });
    expect(again.statusCode, again.body).toBe(200);

    expect(captureKeys(visit.appointmentId)).toEqual([`visit:${visit.appointmentId}:capture:1`]);
    const payments = await call(app, 'GET', `/appointments/${visit.appointmentId}/payments`, admin.headers);
    expect(visitPaymentsSchema.parse(payments.json()).money).toMatchObject({ state: 'paid', owedCents: 0 });
    expect(await feedbackRequestsTo(who.email)).toBe(1);
  });
});
