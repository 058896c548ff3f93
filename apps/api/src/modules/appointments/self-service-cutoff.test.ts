import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  appointmentSchema,
  COMPANY_PHONE,
  errorBodySchema,
  selfServicePolicySchema,
  seriesDetailSchema,
} from '@eclat/shared';
import { appointments } from '../../db/schema/index.ts';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { world, type Headers } from '../../../test/world.ts';
import { makeService } from '../../../test/factories.ts';

/**
 * The change cut-off (decision 027), here 48 hours: a customer moves, changes the services of or cancels
 * their own visit until 48 hours before it starts; after that only its comments change, the API answers
 * 409 TOO_LATE_TO_CHANGE, and the office still can.
 */

const TZ = 'America/Toronto';
const CUTOFF_HOURS = 48;
const HOUR = 60 * 60 * 1000;
const at = (date: string, hour: number) => fromLocal(date, hour, 0, TZ).toISOString();

let app: TestApp;
const w = world(() => app);
let admin: Headers;
let service: string;
let otherService: string;

beforeAll(async () => {
  app = await buildTestApp({ CHANGE_CUTOFF_HOURS: String(CUTOFF_HOURS) });
  admin = (await w.as(['admin'])).headers;
  service = await makeService(app, { title: 'Home', durationMinutes: 60 });
  otherService = await makeService(app, { title: 'Windows', durationMinutes: 60 });
});
afterAll(async () => {
  await app.close();
});

const codeOf = (res: { json: () => unknown }) => errorBodySchema.parse(res.json()).code;

/** Moves a visit to start `hours` from now (as if booked long ago): no route books inside the notice. */
async function startIn(appointmentId: string, hours: number) {
  const start = new Date(Date.now() + hours * HOUR);
  await app.db
    .update(appointments)
    .set({ appointmentDate: start, endsAt: new Date(start.getTime() + HOUR) })
    .where(eq(appointments.id, appointmentId));
  return start.toISOString();
}

/** A customer's visit, booked a week ahead, then placed `hours` from now. */
async function visitIn(who: { headers: Headers; customerId: string }, hours: number) {
  const res = await w.book(who, service, at(addDays(todayIn(TZ), 7), 10));
  expect(res.statusCode, res.body).toBe(201);
  const visit = appointmentSchema.parse(res.json());
  return { id: visit.appointmentId, start: await startIn(visit.appointmentId, hours) };
}

function customerPut(headers: Headers, id: string, payload: object) {
  return app.inject({ method: 'PUT', url: `/api/v1/appointments/customer/${id}`, headers, payload });
}

async function statusOf(id: string) {
  const [row] = await app.db.select().from(appointments).where(eq(appointments.id, id));
  return { status: row?.status, start: row?.appointmentDate.toISOString(), comments: row?.comments };
}

describe('the change cut-off', () => {
  it('tells anyone the policy the screens show', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/settings/self-service' });
    expect(res.statusCode).toBe(200);
    expect(selfServicePolicySchema.parse(res.json())).toEqual({
      changeCutoffHours: CUTOFF_HOURS,
      minNoticeHours: 12,
      phone: COMPANY_PHONE,
    });
  });

  it('refuses a move, a change of services and every cancel inside it; comments still change', async () => {
    const who = await w.customer();
    const visit = await visitIn(who, CUTOFF_HOURS - 2);
    const later = at(addDays(todayIn(TZ), 9), 14);
    const attempts = [
      await customerPut(who.headers, visit.id, { serviceIds: [service], appointmentDate: later }),
      await customerPut(who.headers, visit.id, {
        serviceIds: [service, otherService],
        appointmentDate: visit.start,
      }),
      await customerPut(who.headers, visit.id, {
        serviceIds: [service],
        appointmentDate: visit.start,
        status: 'cancelled',
      }),
      await w.cancel(who, visit.id),
      await app.inject({ method: 'DELETE', url: `/api/v1/appointments/${visit.id}`, headers: who.headers }),
    ];
    expect(attempts.map((res) => [res.statusCode, codeOf(res)])).toEqual(
      attempts.map(() => [409, 'TOO_LATE_TO_CHANGE']),
    );
    expect(await statusOf(visit.id)).toEqual({ status: 'pending', start: visit.start, comments: null });

    const note = await customerPut(who.headers, visit.id, {
      serviceIds: [service],
      appointmentDate: visit.start,
      comments: 'The gate code is 1234',
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(await statusOf(visit.id)).toEqual({
      status: 'pending',
      start: visit.start,
      comments: 'The gate code is 1234',
    });
  });

  it('lets the comments change until the visit starts, inside the booking notice too', async () => {
    const who = await w.customer();
    const visit = await visitIn(who, 3);
    const note = await customerPut(who.headers, visit.id, {
      serviceIds: [service],
      appointmentDate: visit.start,
      comments: 'Please use the side door',
    });
    expect(note.statusCode, note.body).toBe(200);
    expect((await statusOf(visit.id)).comments).toBe('Please use the side door');
  });

  it('lets the customer move and cancel outside it, up to the last minute before', async () => {
    const who = await w.customer();
    const moved = await visitIn(who, CUTOFF_HOURS + 0.1);
    const later = at(addDays(todayIn(TZ), 10), 14);
    const move = await customerPut(who.headers, moved.id, { serviceIds: [service], appointmentDate: later });
    expect(move.statusCode, move.body).toBe(200);
    expect((await statusOf(moved.id)).start).toBe(later);

    const cancelled = await visitIn(who, CUTOFF_HOURS + 0.1);
    expect((await w.cancel(who, cancelled.id)).statusCode).toBe(200);
    expect((await statusOf(cancelled.id)).status).toBe('cancelled');
  });

  it('binds customers only: the office moves and cancels inside it', async () => {
    const who = await w.customer();
    const visit = await visitIn(who, 3);
    const later = at(addDays(todayIn(TZ), 11), 15);
    const move = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/${visit.id}`,
      headers: admin,
      payload: {
        customerId: who.customerId,
        serviceIds: [service],
        appointmentDate: later,
        status: 'pending',
      },
    });
    expect(move.statusCode, move.body).toBe(200);
    await startIn(visit.id, 3);
    const cancel = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/${visit.id}`,
      headers: admin,
      payload: {
        customerId: who.customerId,
        serviceIds: [service],
        appointmentDate: (await statusOf(visit.id)).start,
        status: 'cancelled',
      },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await statusOf(visit.id)).status).toBe('cancelled');
  });
});

describe('the change cut-off on a recurring cleaning', () => {
  async function seriesWithFirstVisitIn(who: { headers: Headers; customerId: string }, hours: number) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/series/customers/${who.customerId}`,
      headers: who.headers,
      payload: {
        serviceIds: [service],
        appointmentDate: at(addDays(todayIn(TZ), 5), 11),
        frequency: 'weekly',
      },
    });
    const series = seriesDetailSchema.parse(res.json());
    const rows = await app.db
      .select()
      .from(appointments)
      .where(eq(appointments.seriesId, series.seriesId))
      .orderBy(appointments.seriesDate);
    const [first, ...rest] = rows;
    if (!first || rest.length < 3) throw new Error('expected a planned series');
    await startIn(first.id, hours);
    return { seriesId: series.seriesId, first: first.id, rest: rest.map((row) => row.id) };
  }
  const seriesCall = (headers: Headers, url: string, payload?: object) =>
    app.inject({ method: payload ? 'PUT' : 'POST', url: `/api/v1/series/${url}`, headers, payload });

  it("keeps the visit inside it when the customer pauses or cancels; the office's cancel takes it", async () => {
    const who = await w.customer();
    const paused = await seriesWithFirstVisitIn(who, 20);
    expect((await seriesCall(who.headers, `${paused.seriesId}/pause`)).statusCode).toBe(200);
    expect((await statusOf(paused.first)).status).toBe('pending');
    const left = await app.db.select().from(appointments).where(eq(appointments.seriesId, paused.seriesId));
    expect(left.map((row) => row.id)).toEqual([paused.first]);

    const cancelled = await seriesWithFirstVisitIn(who, 20);
    expect((await seriesCall(who.headers, `${cancelled.seriesId}/cancel`)).statusCode).toBe(200);
    expect((await statusOf(cancelled.first)).status).toBe('pending');
    for (const id of cancelled.rest) expect((await statusOf(id)).status).toBe('cancelled');

    const byOffice = await seriesWithFirstVisitIn(who, 20);
    expect((await seriesCall(admin, `${byOffice.seriesId}/cancel`)).statusCode).toBe(200);
    expect((await statusOf(byOffice.first)).status).toBe('cancelled');
  });

  it('refuses to change all future visits from a first visit inside it', async () => {
    const who = await w.customer();
    const series = await seriesWithFirstVisitIn(who, 100);
    // Tomorrow or the day after at 15:00: past the 12-hour notice, inside the 48-hour cut-off.
    const soon = [1, 2]
      .map((days) => at(addDays(todayIn(TZ), days), 15))
      .find((start) => {
        const hours = (Date.parse(start) - Date.now()) / HOUR;
        return hours > 13 && hours < CUTOFF_HOURS - 1;
      });
    if (!soon) throw new Error('one of them is always inside the cut-off');
    const change = await seriesCall(who.headers, series.seriesId, {
      serviceIds: [service],
      appointmentDate: soon,
      frequency: 'every2Weeks',
    });
    expect([change.statusCode, codeOf(change)]).toEqual([409, 'TOO_LATE_TO_CHANGE']);
    const detail = await app.inject({
      method: 'GET',
      url: `/api/v1/series/${series.seriesId}`,
      headers: who.headers,
    });
    expect(seriesDetailSchema.parse(detail.json()).frequency).toBe('weekly');
  });
});
