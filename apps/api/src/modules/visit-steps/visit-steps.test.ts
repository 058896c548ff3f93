import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  appointmentSchema,
  dispatchBoardSchema,
  listedAppointmentSchema,
  visitStepsSchema,
} from '@eclat/shared';
import { todayIn } from '../../lib/time-zone.ts';
import { testConfig, useTestApp, type TestApp } from '../../../test/helpers.ts';
import { visitWithCleaner as visitOnItsDay } from '../../../test/field-visit.ts';
import { moveVisitToDay } from '../../../test/visit-day.ts';
import { call, makeEmployee, signedIn, type Headers, type TestCustomer } from '../../../test/factories.ts';

/**
 * The visit in the field (issue 30, decisions 062 and 063): who may move a visit's steps, only forwards,
 * only from the visit's day, the office's correction with a note, a key sent twice recorded once, "on my
 * way" told to the customer once, the times the dispatch board marks.
 */

let app: TestApp;
useTestApp((built) => {
  app = built;
});

const TZ = testConfig().businessTimeZone;
let days = 5;
let keys = 0;
const newKey = () => `step-key-${String((keys += 1))}-${String(Date.now())}`;

/**
 * A confirmed visit with one cleaner of its own on it: `ahead` days from today at 10:00, or (by default)
 * booked a new day ahead and moved to today at 10:00, past or not, whatever the hour the test runs at: a
 * visit's steps start on its day (decision 063).
 */
async function visitWithCleaner(firstName = 'Émile', ahead?: number) {
  days += 1;
  const made = await visitOnItsDay(app, { daysAhead: ahead ?? days, today: ahead === undefined, firstName });
  return { ...made, day: made.date };
}

const step = (headers: Headers, appointmentId: string, body: object) =>
  call(app, 'POST', `/appointments/${appointmentId}/steps`, headers, { key: newKey(), ...body });

async function emailsTo(address: string, template: string) {
  const { rows } = await app.db.execute<{
    data: { locale: string; message: { data: { etaMinutes?: number } } };
  }>(
    sql`select data from pgboss.job where name = 'email' and data->>'to' = ${address}
          and data->'message'->>'template' = ${template} order by created_on`,
  );
  return rows.map((row) => row.data);
}

const myVisit = async (who: TestCustomer, appointmentId: string) => {
  const res = await call(app, 'GET', '/appointments/my-appointments', who.headers);
  expect(res.statusCode, res.body).toBe(200);
  return listedAppointmentSchema
    .array()
    .parse(res.json())
    .find((row) => row.appointmentId === appointmentId);
};

describe('who moves a visit', () => {
  it('the cleaner on it or the office; another employee 403 NOT_YOUR_VISIT, the customer 403, anonymous 401', async () => {
    const { visit, who, admin, cleaner } = await visitWithCleaner();
    const other = await makeEmployee(app, { firstName: 'Zoé' });
    const id = visit.appointmentId;
    const anonymous = await step({}, id, { step: 'onTheWay' });
    expect(anonymous.statusCode).toBe(401);
    const customer = await step(who.headers, id, { step: 'onTheWay' });
    expect(customer.statusCode).toBe(403);
    const notTheirs = await step(other.headers, id, { step: 'onTheWay' });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toMatchObject({ code: 'NOT_YOUR_VISIT' });
    const anotherRead = await call(app, 'GET', `/appointments/${id}/steps`, other.headers);
    expect(anotherRead.statusCode).toBe(403);

    const mine = await step(cleaner.headers, id, {
      step: 'onTheWay',
      latitude: 43.65,
      longitude: -79.38,
      accuracy: 12,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const steps = visitStepsSchema.parse(mine.json());
    expect(steps.current).toMatchObject({ step: 'onTheWay', byFirstName: 'Émile' });
    expect(steps.steps).toMatchObject([
      { step: 'onTheWay', byOffice: false, latitude: 43.65, longitude: -79.38, accuracy: 12 },
    ]);
    const office = await step(admin.headers, id, { step: 'arrived' });
    expect(office.statusCode, office.body).toBe(200);
    expect(visitStepsSchema.parse(office.json()).steps.map((row) => [row.step, row.byOffice])).toEqual([
      ['onTheWay', false],
      ['arrived', true],
    ]);
    // The customer sees where the visit is.
    expect((await myVisit(who, id))?.step).toMatchObject({ step: 'arrived' });
  });

  it('only forwards: a step again or back is 409 STEP_BACKWARDS; the office corrects with a note only', async () => {
    const { visit, admin, cleaner } = await visitWithCleaner();
    const id = visit.appointmentId;
    expect((await step(cleaner.headers, id, { step: 'arrived' })).statusCode).toBe(200);
    for (const back of ['onTheWay', 'arrived', 'planned']) {
      const res = await step(cleaner.headers, id, { step: back });
      expect(res.statusCode, back).toBe(409);
      expect(res.json()).toMatchObject({ code: 'STEP_BACKWARDS' });
    }
    // A cleaner cannot correct; the office needs a note.
    expect(
      (await step(cleaner.headers, id, { step: 'onTheWay', correction: true, note: 'oops' })).statusCode,
    ).toBe(403);
    const noNote = await step(admin.headers, id, { step: 'onTheWay', correction: true });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'body.note', message: 'visitSteps.errors.correctionNote' }],
    });
    const corrected = await step(admin.headers, id, {
      step: 'onTheWay',
      correction: true,
      note: 'Marked arrived too early',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(visitStepsSchema.parse(corrected.json()).steps.at(-1)).toMatchObject({
      step: 'onTheWay',
      correction: true,
      note: 'Marked arrived too early',
      byOffice: true,
    });
  });

  it('"could not get in" needs a reason and leaves the status to the office', async () => {
    const { visit, admin, cleaner } = await visitWithCleaner();
    const id = visit.appointmentId;
    const noReason = await step(cleaner.headers, id, { step: 'noAccess' });
    expect(noReason.statusCode).toBe(400);
    const res = await step(cleaner.headers, id, { step: 'noAccess', note: 'Nobody answered, door locked' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await call(app, 'GET', `/appointments/${id}/steps`, cleaner.headers);
    expect(visitStepsSchema.parse(after.json()).current?.step).toBe('noAccess');
    const read = await call(app, 'GET', `/appointments/${id}`, admin.headers);
    expect(appointmentSchema.parse(read.json())).toMatchObject({
      status: 'confirmed',
      step: { step: 'noAccess', byFirstName: 'Émile' },
    });
    expect((await step(cleaner.headers, id, { step: 'completed' })).statusCode).toBe(409);
  });
});

describe('from the visit’s day (decision 063)', () => {
  it('before it, a step is 409 STEP_TOO_EARLY with the day, the office’s too; the office’s correction is not held to it', async () => {
    const { visit, admin, cleaner, day } = await visitWithCleaner('Émile', 1);
    const id = visit.appointmentId;
    for (const [headers, next] of [
      [cleaner.headers, 'onTheWay'],
      [cleaner.headers, 'completed'],
      [admin.headers, 'arrived'],
      [admin.headers, 'completed'],
    ] as const) {
      const res = await step(headers, id, { step: next });
      expect(res.statusCode, `${next}: ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'STEP_TOO_EARLY',
        details: [{ path: 'body.step', message: 'visitSteps.errors.tooEarly' }],
      });
      expect(res.json<{ message: string }>().message).toContain(day);
    }
    // Nothing recorded, nothing completed (with cards taken, nothing captured).
    const read = await call(app, 'GET', `/appointments/${id}`, admin.headers);
    expect(appointmentSchema.parse(read.json())).toMatchObject({ status: 'confirmed', step: null });
    const corrected = await step(admin.headers, id, {
      step: 'noAccess',
      correction: true,
      note: 'The customer called: nobody home tomorrow',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(visitStepsSchema.parse(corrected.json()).current?.step).toBe('noAccess');
  });

  it('on the day, whatever the hour, and after it (a late step), the cleaner records it', async () => {
    const today = await visitWithCleaner();
    expect(
      (await step(today.cleaner.headers, today.visit.appointmentId, { step: 'arrived' })).statusCode,
    ).toBe(200);
    const yesterday = await visitWithCleaner('Zoé');
    await moveVisitToDay(app.db, yesterday.visit.appointmentId, addDays(todayIn(TZ), -1), TZ);
    const late = await step(yesterday.cleaner.headers, yesterday.visit.appointmentId, { step: 'completed' });
    expect(late.statusCode, late.body).toBe(200);
  });
});

describe('the dispatch board’s times (decision 063)', () => {
  const boardVisit = async (headers: Headers, day: string, appointmentId: string) => {
    const res = await call(app, 'GET', `/dispatch?date=${day}&view=day`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return dispatchBoardSchema
      .parse(res.json())
      .days.flatMap((one) => one.lanes.flatMap((lane) => lane.visits))
      .find((visit) => visit.appointmentId === appointmentId);
  };

  it('has when the cleaner arrived and completed; none once the office corrected it back', async () => {
    const { visit, admin, cleaner, day } = await visitWithCleaner();
    const id = visit.appointmentId;
    expect(await boardVisit(admin.headers, day, id)).toMatchObject({ arrivedAt: null, completedAt: null });
    const arrived = visitStepsSchema.parse((await step(cleaner.headers, id, { step: 'arrived' })).json());
    expect(await boardVisit(admin.headers, day, id)).toMatchObject({
      arrivedAt: arrived.steps.at(-1)?.at,
      completedAt: null,
    });
    const done = visitStepsSchema.parse((await step(cleaner.headers, id, { step: 'completed' })).json());
    expect(await boardVisit(admin.headers, day, id)).toMatchObject({
      arrivedAt: arrived.steps.at(-1)?.at,
      completedAt: done.steps.at(-1)?.at,
    });

    // The office sets another visit back to planned: its arrival is no longer shown.
    const other = await visitWithCleaner('Zoé');
    const otherId = other.visit.appointmentId;
    await step(other.cleaner.headers, otherId, { step: 'arrived' });
    await step(other.admin.headers, otherId, { step: 'planned', correction: true, note: 'Wrong visit' });
    expect(await boardVisit(other.admin.headers, other.day, otherId)).toMatchObject({ arrivedAt: null });
  });
});

describe('the phone’s key', () => {
  it('the same key twice records once and emails the customer once', async () => {
    const { visit, who, cleaner } = await visitWithCleaner();
    const id = visit.appointmentId;
    const key = newKey();
    const first = await step(cleaner.headers, id, { step: 'onTheWay', key, etaMinutes: 15 });
    const again = await step(cleaner.headers, id, { step: 'onTheWay', key, etaMinutes: 15 });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(visitStepsSchema.parse(again.json()).steps).toHaveLength(1);
    const other = await step(cleaner.headers, id, { step: 'arrived', key });
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await emailsTo(who.email, 'on-the-way')).map((job) => job.message.data.etaMinutes)).toEqual([15]);
  });

  it('"on my way" again after the office’s correction does not email the customer twice', async () => {
    const { visit, who, admin, cleaner } = await visitWithCleaner();
    const id = visit.appointmentId;
    expect((await step(cleaner.headers, id, { step: 'onTheWay' })).statusCode).toBe(200);
    await step(admin.headers, id, { step: 'planned', correction: true, note: 'Wrong visit' });
    expect((await step(cleaner.headers, id, { step: 'onTheWay' })).statusCode).toBe(200);
    const emails = await emailsTo(who.email, 'on-the-way');
    // Without a figure from the cleaner: the travel buffer, else 20 minutes.
    const buffer = testConfig().bufferMinutes;
    expect(emails.map((job) => job.message.data.etaMinutes)).toEqual([buffer > 0 ? buffer : 20]);
  });
});

describe('completed by the cleaner', () => {
  it('completes the visit as the office does: status completed, the feedback request once', async () => {
    const { visit, who, cleaner } = await visitWithCleaner();
    const id = visit.appointmentId;
    await step(cleaner.headers, id, { step: 'arrived' });
    const done = await step(cleaner.headers, id, { step: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    const seen = await myVisit(who, id);
    expect(seen?.status).toBe('completed');
    expect(seen?.step).toMatchObject({ step: 'completed', byFirstName: 'Émile' });
    expect(await emailsTo(who.email, 'feedback-request')).toHaveLength(1);
  });

  it('a cancelled visit, or one the office completed, has no more steps', async () => {
    const { visit, admin, cleaner } = await visitWithCleaner();
    const id = visit.appointmentId;
    const cancelled = await call(app, 'PUT', `/appointments/${id}`, admin.headers, {
      customerId: visit.customerId,
      serviceIds: visit.serviceDetails.map((line) => line.serviceId),
      appointmentDate: visit.appointmentDate,
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const res = await step(cleaner.headers, id, { step: 'onTheWay' });
    expect(res.json()).toMatchObject({ code: 'APPOINTMENT_CLOSED' });
    // Nor a visit the office completed in its table (its correction aside).
    const done = await visitWithCleaner();
    const completed = await call(
      app,
      'PUT',
      `/appointments/${done.visit.appointmentId}`,
      done.admin.headers,
      {
        customerId: done.visit.customerId,
        serviceIds: done.visit.serviceDetails.map((line) => line.serviceId),
        appointmentDate: done.visit.appointmentDate,
        status: 'completed',
      },
    );
    expect(completed.statusCode, completed.body).toBe(200);
    const late = await step(done.cleaner.headers, done.visit.appointmentId, { step: 'arrived' });
    expect(late.json()).toMatchObject({ code: 'APPOINTMENT_CLOSED' });
  });

  it('a visit that does not exist is 404', async () => {
    const admin = await signedIn(app, ['admin']);
    const res = await step(admin.headers, '00000000-0000-4000-8000-000000000000', { step: 'onTheWay' });
    expect(res.statusCode).toBe(404);
  });
});
