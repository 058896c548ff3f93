import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  appointmentSchema,
  errorBodySchema,
  isoWeekday,
  seriesDetailSchema,
  seriesPageSchema,
  seriesSchema,
  visitsNeedingTimeSchema,
  type SeriesDetail,
} from '@eclat/shared';
import { appointments, customers } from '../../db/schema/index.ts';
import { emailJobSchema } from '../../mail/email-message.ts';
import { fromLocal, toLocal, todayIn } from '../../lib/time-zone.ts';
import { buildTestApp, testConfig, type TestApp } from '../../../test/helpers.ts';
import { world, type Headers } from '../../../test/world.ts';
import { call, giveShifts, makeSeries, makeService, type Shift } from '../../../test/factories.ts';
import { bookingRulesOf } from '../appointments/booking.service.ts';
import { createSeriesNotifier } from './series-emails.ts';
import { runSeriesPass, type SeriesDeps } from './series.service.ts';

const TZ = 'America/Toronto';
const at = (date: string, hour: number) => fromLocal(date, hour, 0, TZ).toISOString();
const local = (instant: string) => toLocal(new Date(instant), TZ);

/** The first date on or after `from` that falls on an ISO weekday (1 Monday ... 7 Sunday). */
function nextWeekday(from: string, weekday: number): string {
  let date = from;
  while (isoWeekday(date) !== weekday) date = addDays(date, 1);
  return date;
}

type Who = { headers: Headers; customerId: string };

function seriesApi(app: () => TestApp) {
  return {
    call: (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
      call(app(), method, url, headers, payload),
    book(who: Who, body: object, headers: Headers = who.headers, key?: string) {
      return call(
        app(),
        'POST',
        `/series/customers/${who.customerId}`,
        key ? { ...headers, 'idempotency-key': key } : headers,
        body,
      );
    },
    async detail(seriesId: string, headers: Headers): Promise<SeriesDetail> {
      const res = await call(app(), 'GET', `/series/${seriesId}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return seriesDetailSchema.parse(res.json());
    },
    /** Every visit of a series in the database, whatever its status, by plan date. */
    async rows(seriesId: string) {
      return app()
        .db.select()
        .from(appointments)
        .where(eq(appointments.seriesId, seriesId))
        .orderBy(appointments.seriesDate);
    },
  };
}

/** The emails queued for a customer: each template, with the notice's kind (and who cancelled). */
async function emailsOf(app: TestApp, customerId: string): Promise<string[]> {
  const [customer] = await app.db.select().from(customers).where(eq(customers.id, customerId));
  const { rows } = await app.db.execute<{ data: unknown }>(
    sql`select data from pgboss.job where name = 'email' and data->>'to' = ${customer?.email ?? ''} order by created_on`,
  );
  return rows.map((row) => {
    const { message } = emailJobSchema.parse(row.data);
    if (message.template !== 'visit-notice') return message.template;
    const { kind, cancelledBy } = message.data;
    return `${message.template}:${kind}${cancelledBy ? `:${cancelledBy}` : ''}`;
  });
}

const parsed = (res: { statusCode: number; body: string; json: () => unknown }, status = 201) => {
  expect(res.statusCode, res.body).toBe(status);
  return seriesDetailSchema.parse(res.json());
};
const codeOf = (res: { json: () => unknown }) => errorBodySchema.parse(res.json()).code;

describe('a series planned over more than a year', () => {
  // Both daylight-saving changes fall inside the plan, whatever today is.
  let app: TestApp;
  const w = world(() => app);
  const api = seriesApi(() => app);
  let service: string;
  beforeAll(async () => {
    app = await buildTestApp({ RECURRING_HORIZON_WEEKS: '60' });
    service = await makeService(app, { title: 'Home', durationMinutes: 60 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('keeps 10:00 on the same weekday across both daylight-saving changes of a year', async () => {
    const who = await w.customer();
    const first = nextWeekday(addDays(todayIn(TZ), 3), 2);
    const series = await makeSeries(app, who, {
      serviceIds: [service],
      appointmentDate: at(first, 10),
      frequency: 'every2Weeks',
    });
    expect(series).toMatchObject({ frequency: 'every2Weeks', weekday: 2, hour: 10, status: 'active' });
    const rows = await api.rows(series.seriesId);
    // 60 weeks ahead, every 2 weeks: about 30 visits, one per plan date.
    expect(rows.length).toBeGreaterThanOrEqual(29);
    expect(new Set(rows.map((row) => row.seriesDate)).size).toBe(rows.length);
    for (const row of rows) {
      const wall = toLocal(row.appointmentDate, TZ);
      expect([wall.hour, wall.minute, isoWeekday(wall.date)]).toEqual([10, 0, 2]);
    }
    // The instant does move: 15:00 UTC in winter, 14:00 UTC in summer.
    expect(new Set(rows.map((row) => row.appointmentDate.getUTCHours()))).toEqual(new Set([14, 15]));
    // 10 % off every visit (every 2 weeks, the first one too by default).
    expect(new Set(rows.map((row) => row.totalPrice))).toEqual(new Set([90]));
    expect(series.pricePerVisit).toBe(90);
    expect(series.fullPrice).toBe(100);
  });
});

/**
 * Sixteen weeks ahead here, not 60: every visit of a plan is written in a transaction of its own, and a
 * weekly series of 60 weeks made each test of this group write 60 to 120 visits (7 to 15 s each under
 * load, the file the slowest of its kind); 16 weeks still plan more visits than a customer may hold open.
 */
const PLAN = { RECURRING_HORIZON_WEEKS: '16' };

describe('a series without a team (fixed capacity)', () => {
  let app: TestApp;
  const w = world(() => app);
  const api = seriesApi(() => app);
  let admin: Headers;
  let service: string;
  beforeAll(async () => {
    app = await buildTestApp(PLAN);
    admin = (await w.as(['admin'])).headers;
    service = await makeService(app, { title: 'Home', durationMinutes: 60 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('skips one visit, moves one, changes all future ones, each doing only what it says', async () => {
    const who = await w.customer();
    const first = nextWeekday(addDays(todayIn(TZ), 3), 3);
    const series = await makeSeries(app, who, {
      serviceIds: [service],
      appointmentDate: at(first, 10),
      frequency: 'weekly',
    });
    const before = await api.rows(series.seriesId);
    const [one, two, three, four] = before;
    if (!one || !two || !three || !four) throw new Error('expected four visits');

    // Skip the second: cancelled and kept; the daily pass does not plan its date again.
    const skipped = await w.cancel(who, two.id);
    expect(skipped.statusCode, skipped.body).toBe(200);
    // Move the third, on its own day, to 15:00.
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/customer/${three.id}`,
      headers: who.headers,
      payload: { serviceIds: [service], appointmentDate: at(three.seriesDate ?? '', 15) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await runSeriesPass(passDeps(app, PLAN));
    // One confirmation for the series (not one per visit), then a notice for each change.
    expect(await emailsOf(app, who.customerId)).toEqual([
      'series-confirmation',
      'visit-notice:cancelled:customer',
      'visit-notice:moved',
    ]);
    const after = await api.rows(series.seriesId);
    expect(after).toHaveLength(before.length);
    const byId = new Map(after.map((row) => [row.id, row]));
    expect(byId.get(two.id)?.status).toBe('cancelled');
    expect(local(byId.get(three.id)?.appointmentDate.toISOString() ?? '').hour).toBe(15);
    expect(byId.get(three.id)?.seriesDate).toBe(three.seriesDate);
    for (const row of after.filter((visit) => visit.id !== two.id && visit.id !== three.id)) {
      expect(row.status).toBe('pending');
      expect(local(row.appointmentDate.toISOString()).hour).toBe(10);
    }

    // All future visits from the fourth on: Fridays at 14:00, every 2 weeks.
    const newFirst = nextWeekday(four.seriesDate ?? '', 5);
    const changed = await api.call('PUT', `/series/${series.seriesId}`, who.headers, {
      serviceIds: [service],
      appointmentDate: at(newFirst, 14),
      frequency: 'every2Weeks',
    });
    const view = parsed(changed, 200);
    expect(view).toMatchObject({ frequency: 'every2Weeks', weekday: 5, hour: 14, startDate: newFirst });
    const replanned = await api.rows(series.seriesId);
    // Visits before the new first one stay as they were (the skipped one, the moved one, the fourth).
    expect(replanned.slice(0, 4).map((row) => [row.id, row.status])).toEqual([
      [one.id, 'pending'],
      [two.id, 'cancelled'],
      [three.id, 'pending'],
      [four.id, 'pending'],
    ]);
    // The old plan's later visits are gone: nothing on a Wednesday after the new first Friday.
    expect(
      replanned.filter((row) => (row.seriesDate ?? '') > newFirst && isoWeekday(row.seriesDate ?? '') === 3),
    ).toEqual([]);
    const future = replanned.filter((row) => (row.seriesDate ?? '') >= newFirst);
    // Every 2 weeks from about 4 weeks ahead to the 16 weeks' horizon.
    expect(future.length).toBeGreaterThanOrEqual(5);
    for (const [index, row] of future.entries()) {
      expect(row.seriesDate).toBe(addDays(newFirst, index * 14));
      expect([local(row.appointmentDate.toISOString()).hour, row.status]).toEqual([14, 'pending']);
    }
  });

  it("never overlaps the customer's own visits: a re-planned visit on a one-off's time needs a time", async () => {
    const who = await w.customer();
    const first = nextWeekday(addDays(todayIn(TZ), 3), 2);
    const series = await makeSeries(app, who, {
      serviceIds: [service],
      appointmentDate: at(first, 9),
      frequency: 'weekly',
    });
    const clash = addDays(first, 14);
    expect((await w.book(who, service, at(clash, 17))).statusCode).toBe(201);
    const changed = parsed(
      await api.call('PUT', `/series/${series.seriesId}`, who.headers, {
        serviceIds: [service],
        appointmentDate: at(addDays(first, 7), 17),
        frequency: 'weekly',
      }),
      200,
    );
    const flagged = changed.visits.filter((visit) => visit.needsTime);
    expect(flagged.map((visit) => local(visit.appointmentDate).date)).toEqual([clash]);
  });

  it('pauses (future visits leave the plan) and resumes from a date', async () => {
    const who = await w.customer();
    const first = nextWeekday(addDays(todayIn(TZ), 3), 4);
    const series = await makeSeries(app, who, {
      serviceIds: [service],
      appointmentDate: at(first, 11),
      frequency: 'weekly',
    });
    const paused = parsed(await api.call('POST', `/series/${series.seriesId}/pause`, who.headers), 200);
    expect(paused.status).toBe('paused');
    expect(paused.nextVisit).toBeNull();
    expect(await api.rows(series.seriesId)).toHaveLength(0);
    await runSeriesPass(passDeps(app, PLAN));
    expect(await api.rows(series.seriesId)).toHaveLength(0);
    const from = addDays(first, 21);
    const resumed = parsed(
      await api.call('POST', `/series/${series.seriesId}/resume`, who.headers, { from }),
      200,
    );
    expect(resumed.status).toBe('active');
    const rows = await api.rows(series.seriesId);
    expect(rows[0]?.seriesDate).toBe(from);
    expect(rows.every((row) => isoWeekday(row.seriesDate ?? '') === 4)).toBe(true);
  });

  it('ends a series from a date: the visits before it still happen', async () => {
    const who = await w.customer();
    const first = nextWeekday(addDays(todayIn(TZ), 3), 3);
    const series = await makeSeries(app, who, {
      serviceIds: [service],
      appointmentDate: at(first, 15),
      frequency: 'weekly',
    });
    const end = addDays(first, 21);
    const ended = parsed(
      await api.call('POST', `/series/${series.seriesId}/cancel`, who.headers, { from: end }),
      200,
    );
    expect(ended.status).toBe('cancelled');
    const rows = await api.rows(series.seriesId);
    expect(rows.map((row) => [row.seriesDate, row.status])).toEqual(
      rows.map((row) => [row.seriesDate, (row.seriesDate ?? '') < end ? 'pending' : 'cancelled']),
    );
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(3);
  });

  it('resumes a series whose first date is weeks away, from that date', async () => {
    const who = await w.customer();
    const first = nextWeekday(addDays(todayIn(TZ), 45), 2);
    const series = await makeSeries(app, who, {
      serviceIds: [service],
      appointmentDate: at(first, 16),
      frequency: 'every4Weeks',
    });
    expect(parsed(await api.call('POST', `/series/${series.seriesId}/pause`, who.headers), 200).status).toBe(
      'paused',
    );
    const resumed = parsed(await api.call('POST', `/series/${series.seriesId}/resume`, who.headers, {}), 200);
    expect(resumed.status).toBe('active');
    expect((await api.rows(series.seriesId))[0]?.seriesDate).toBe(first);
  });

  it('cancels a series: open visits cancelled and kept, a completed one untouched, then refuses changes', async () => {
    const who = await w.customer();
    const first = nextWeekday(addDays(todayIn(TZ), 3), 1);
    const series = await makeSeries(app, who, {
      serviceIds: [service],
      appointmentDate: at(first, 12),
      frequency: 'every4Weeks',
    });
    const [done] = await api.rows(series.seriesId);
    if (!done) throw new Error('no visit');
    const completed = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/${done.id}`,
      headers: admin,
      payload: {
        customerId: who.customerId,
        serviceIds: [service],
        appointmentDate: done.appointmentDate.toISOString(),
        status: 'completed',
      },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const cancelled = parsed(await api.call('POST', `/series/${series.seriesId}/cancel`, who.headers), 200);
    expect(cancelled.status).toBe('cancelled');
    const rows = await api.rows(series.seriesId);
    expect(rows[0]?.status).toBe('completed');
    expect(rows.slice(1).every((row) => row.status === 'cancelled')).toBe(true);
    // Every 4 weeks to the horizon: the completed one and at least two open ones.
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const attempt of [
      api.call('POST', `/series/${series.seriesId}/pause`, who.headers),
      api.call('POST', `/series/${series.seriesId}/resume`, who.headers, {}),
      api.call('PUT', `/series/${series.seriesId}`, who.headers, {
        serviceIds: [service],
        appointmentDate: at(addDays(first, 7), 12),
        frequency: 'weekly',
      }),
    ]) {
      const res = await attempt;
      expect(res.statusCode).toBe(409);
      expect(codeOf(res)).toBe('SERIES_CANCELLED');
    }
    // Cancelling again changes nothing.
    expect((await api.call('POST', `/series/${series.seriesId}/cancel`, who.headers)).statusCode).toBe(200);
  });

  it('counts a series once towards the open visits, and answers a retried booking with the first series', async () => {
    const who = await w.customer();
    const first = nextWeekday(addDays(todayIn(TZ), 3), 5);
    const body = { serviceIds: [service], appointmentDate: at(first, 16), frequency: 'weekly' };
    const one = parsed(await api.book(who, body, who.headers, 'series-key-0001'));
    const again = parsed(await api.book(who, body, who.headers, 'series-key-0001'), 200);
    expect(again.seriesId).toBe(one.seriesId);
    // More weekly visits than a customer may hold open (MAX_OPEN_VISITS is 10), yet a one-off still books.
    expect((await api.rows(one.seriesId)).length).toBeGreaterThan(testConfig().maxOpenVisits);
    const oneOff = await w.book(who, service, at(addDays(first, 1), 9));
    expect(oneOff.statusCode, oneOff.body).toBe(201);
    expect(appointmentSchema.parse(oneOff.json())).toMatchObject({ seriesId: null, discountPercent: 0 });
  });

  it('lets the owner and an admin change a series; others may not', async () => {
    const who = await w.customer();
    const other = await w.customer();
    const employee = (await w.as(['employee'])).headers;
    const first = nextWeekday(addDays(todayIn(TZ), 3), 6);
    const series = await makeSeries(app, who, {
      serviceIds: [service],
      appointmentDate: at(first, 13),
      frequency: 'every4Weeks',
    });
    const id = series.seriesId;
    const writes = [
      () => api.call('POST', `/series/${id}/pause`, other.headers),
      () => api.call('POST', `/series/${id}/resume`, other.headers, {}),
      () =>
        api.call('PUT', `/series/${id}`, other.headers, {
          serviceIds: [service],
          appointmentDate: at(first, 14),
          frequency: 'weekly',
        }),
      () => api.call('POST', `/series/${id}/cancel`, other.headers),
    ];
    for (const write of writes) expect((await write()).statusCode).toBe(403);
    expect((await api.call('GET', `/series/${id}`, other.headers)).statusCode).toBe(403);
    expect((await api.call('POST', `/series/${id}/pause`, employee)).statusCode).toBe(403);
    expect((await api.call('GET', `/series/${id}`, employee)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: `/api/v1/series/${id}/pause` })).statusCode).toBe(401);
    // Another customer cannot book a series on someone else's record.
    expect(
      (
        await api.book(
          who,
          { serviceIds: [service], appointmentDate: at(addDays(first, 1), 13), frequency: 'weekly' },
          other.headers,
        )
      ).statusCode,
    ).toBe(403);
    // The owner and an admin can.
    expect(parsed(await api.call('POST', `/series/${id}/pause`, who.headers), 200).status).toBe('paused');
    expect(parsed(await api.call('POST', `/series/${id}/resume`, admin, {}), 200).status).toBe('active');
    // The customer's own list and the staff's list show it.
    const mine = await api.call('GET', '/series/mine', who.headers);
    expect(
      seriesSchema
        .array()
        .parse(mine.json())
        .map((row) => row.seriesId),
    ).toEqual([id]);
    expect((await api.call('GET', '/series/mine', other.headers)).json()).toEqual([]);
    const page = seriesPageSchema.parse(
      (await api.call('GET', `/series?customerId=${who.customerId}`, employee)).json(),
    );
    expect(page.content.map((row) => row.seriesId)).toEqual([id]);
    expect((await api.call('GET', '/series', who.headers)).statusCode).toBe(403);
  });

  it('lets only an admin set the discounts, which new series then get', async () => {
    const discounts = { weekly: 20, every2Weeks: 12, every4Weeks: 6, firstVisitDiscounted: false };
    const customer = await w.customer();
    expect((await api.call('PUT', '/settings/recurring', customer.headers, discounts)).statusCode).toBe(403);
    expect((await api.call('PUT', '/settings/recurring', admin, discounts)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/settings/recurring' })).json()).toEqual(
      discounts,
    );
    const bad = await api.call('PUT', '/settings/recurring', admin, { ...discounts, weekly: 95 });
    expect(bad.statusCode).toBe(400);
    const first = nextWeekday(addDays(todayIn(TZ), 3), 7);
    const series = await makeSeries(app, customer, {
      serviceIds: [service],
      appointmentDate: at(first, 9),
      frequency: 'weekly',
    });
    const [firstVisit, second] = await api.rows(series.seriesId);
    // The first visit at full price, the others 20 % off.
    expect([firstVisit?.totalPrice, second?.totalPrice]).toEqual([100, 80]);
    expect(series).toMatchObject({ discountPercent: 20, firstVisitDiscounted: false, pricePerVisit: 80 });
  });
});

describe('a series planned from the team', () => {
  let app: TestApp;
  const w = world(() => app);
  const api = seriesApi(() => app);
  let admin: Headers;
  let service: string;
  beforeAll(async () => {
    app = await buildTestApp({ RECURRING_HORIZON_WEEKS: '8', BUFFER_MINUTES: '30' });
    admin = (await w.as(['admin'])).headers;
    service = await makeService(app, { title: 'Deep', durationMinutes: 120 });
  });
  afterAll(async () => {
    await app.close();
  });

  /** The employee works every shift of these days. */
  const works = (employeeId: string, dates: string[]) => giveShifts(app, employeeId, dates);
  const weeksOf = (first: string, count: number, step = 7) =>
    Array.from({ length: count }, (_, index) => addDays(first, index * step));

  it('keeps the same cleaner, flags the visit nobody can take, and places it once someone can', async () => {
    const first = nextWeekday(addDays(todayIn(TZ), 3), 2);
    const dates = weeksOf(first, 9);
    const [ada, bo] = [await w.employee('Ada', 'Aaa'), await w.employee('Bo', 'Bbb')];
    // Ada works every Tuesday but the third; Bo only the first two.
    await works(
      ada.id,
      dates.filter((_, index) => index !== 2),
    );
    await works(bo.id, dates.slice(0, 2));
    const who = await w.customer();
    const series = await makeSeries(app, who, {
      serviceIds: [service],
      appointmentDate: at(first, 10),
      frequency: 'weekly',
    });
    expect(series.preferredEmployee?.employeeId).toBe(ada.id);
    const visits = series.visits;
    expect(visits.map((visit) => visit.needsTime)).toEqual(visits.map((_, index) => index === 2));
    for (const [index, visit] of visits.entries()) {
      const team = await w.assignees(visit.appointmentId, admin);
      expect(team).toEqual(index === 2 ? [] : [ada.id]);
    }
    expect(series.visitsNeedingTime).toBe(1);
    const flagged = visitsNeedingTimeSchema.parse(
      (await api.call('GET', '/series/needs-time', admin)).json(),
    );
    expect(flagged.map((visit) => visit.appointmentId)).toContain(visits[2]?.appointmentId);
    // It holds no place: another customer can book that morning with the cleaner who is then free.
    const flaggedDate = dates[2] ?? '';
    await works(bo.id, [flaggedDate]);
    const other = await w.book(await w.customer(), service, at(flaggedDate, 10));
    expect(other.statusCode, other.body).toBe(201);
    // Ada becomes free that day: the daily pass places the visit with her.
    await works(ada.id, [flaggedDate]);
    const result = await runSeriesPass(passDeps(app, { RECURRING_HORIZON_WEEKS: '8', BUFFER_MINUTES: '30' }));
    expect(result.placed).toBeGreaterThanOrEqual(1);
    const after = await api.detail(series.seriesId, who.headers);
    expect(after.visits[2]?.needsTime).toBe(false);
    expect(await w.assignees(after.visits[2]?.appointmentId ?? '', admin)).toEqual([ada.id]);
  });

  it('re-plans all future visits with capacity: the new first time must be free, later ones may need a time', async () => {
    const first = nextWeekday(addDays(todayIn(TZ), 3), 3);
    const dates = weeksOf(first, 9);
    const cy = await w.employee('Cy', 'Ccc');
    await works(cy.id, dates);
    const who = await w.customer();
    const series = await makeSeries(app, who, {
      serviceIds: [service],
      appointmentDate: at(first, 9),
      frequency: 'weekly',
    });
    // Another customer takes Cy at 15:00 on the third Wednesday.
    const taken = await w.book(await w.customer(), service, at(dates[2] ?? '', 15));
    expect(taken.statusCode, taken.body).toBe(201);
    // Refused: the new first time is Cy's other job (nothing changes).
    const refused = await api.call('PUT', `/series/${series.seriesId}`, who.headers, {
      serviceIds: [service],
      appointmentDate: at(dates[2] ?? '', 15),
      frequency: 'weekly',
    });
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('NO_CLEANER_FREE');
    const unchanged = await api.detail(series.seriesId, who.headers);
    expect(unchanged.hour).toBe(9);
    expect(unchanged.visits.map((visit) => local(visit.appointmentDate).hour)).toEqual(
      unchanged.visits.map(() => 9),
    );
    // From the second Wednesday at 15:00: the third Wednesday cannot be placed (Cy is busy), the rest can.
    const changed = parsed(
      await api.call('PUT', `/series/${series.seriesId}`, who.headers, {
        serviceIds: [service],
        appointmentDate: at(dates[1] ?? '', 15),
        frequency: 'weekly',
      }),
      200,
    );
    expect(changed.visits.map((visit) => [local(visit.appointmentDate).hour, visit.needsTime])).toEqual([
      [9, false],
      [15, false],
      [15, true],
      ...changed.visits.slice(3).map(() => [15, false]),
    ]);
    // Nobody's visits overlap with the buffer: Cy's jobs that week are 09:00 and 15:00 on different days.
    const rows = await app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(appointments)
      .where(and(eq(appointments.seriesId, series.seriesId), eq(appointments.needsTime, true)));
    expect(rows[0]?.count).toBe(1);
  });

  it('books six series for one time at once with two cleaners: two series, four refusals, nobody twice', async () => {
    const first = nextWeekday(addDays(todayIn(TZ), 3), 1);
    const mondays = weeksOf(first, 9);
    const [ivy, jon] = [await w.employee('Ivy', 'Iii'), await w.employee('Jon', 'Jjj')];
    await works(ivy.id, mondays);
    await works(jon.id, mondays);
    const people = await Promise.all(Array.from({ length: 6 }, () => w.customer()));
    const results = await Promise.all(
      people.map((who) =>
        api.book(who, { serviceIds: [service], appointmentDate: at(first, 11), frequency: 'weekly' }),
      ),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(new Set(results.filter((res) => res.statusCode === 409).map((res) => codeOf(res)))).toEqual(
      new Set(['NO_CLEANER_FREE']),
    );
    const booked = results.filter((res) => res.statusCode === 201).map((res) => parsed(res));
    // Each Monday: the two series' visits, one cleaner each, never the same one.
    for (const index of mondays.keys()) {
      const visits = booked.map((series) => series.visits[index]);
      if (visits.some((visit) => !visit)) continue;
      const teams = await Promise.all(visits.map((visit) => w.assignees(visit?.appointmentId ?? '', admin)));
      expect(teams.every((team) => team.length === 1)).toBe(true);
      expect(new Set(teams.flat()).size).toBe(2);
    }
    expect(booked.map((series) => series.visitsNeedingTime)).toEqual([0, 0]);
  });

  it('extends the plan by the daily pass, once, however many passes run at once', async () => {
    const first = nextWeekday(addDays(todayIn(TZ), 3), 4);
    const dan = await w.employee('Dan', 'Ddd');
    // Dan works the first nine Thursdays only (the plan reaches seven now, eleven four weeks later);
    // the team has posted days far beyond them (Eve), so the later Thursdays are known to be free of anyone.
    await works(dan.id, weeksOf(first, 9));
    const eve = await w.employee('Eve', 'Eee');
    await works(eve.id, [addDays(first, 7 * 20 + 1)]);
    const who = await w.customer();
    const series = await makeSeries(app, who, {
      serviceIds: [service],
      appointmentDate: at(first, 13),
      frequency: 'weekly',
    });
    const planned = await api.rows(series.seriesId);
    const horizon = addDays(todayIn(TZ), 8 * 7);
    expect(planned.at(-1)?.seriesDate).toBe(
      addDays(first, 7 * Math.floor((Date.parse(horizon) - Date.parse(first)) / (7 * 86_400_000))),
    );
    // Four weeks later, three passes at once (three processes' daily jobs).
    const later = passDeps(app, { RECURRING_HORIZON_WEEKS: '8', BUFFER_MINUTES: '30' }, 28);
    await Promise.all([runSeriesPass(later), runSeriesPass(later), runSeriesPass(later)]);
    const extended = await api.rows(series.seriesId);
    expect(extended.length).toBe(planned.length + 4);
    expect(new Set(extended.map((row) => row.seriesDate)).size).toBe(extended.length);
    expect(extended.every((row, index) => row.seriesDate === addDays(first, index * 7))).toBe(true);
    // Those beyond Dan's Thursdays need a time, and their customer was told once each.
    const lastWorked = addDays(first, 8 * 7);
    expect(extended.map((row) => row.needsTime)).toEqual(
      extended.map((row) => (row.seriesDate ?? '') > lastWorked),
    );
    const flagged = extended.filter((row) => row.needsTime).length;
    expect(flagged).toBeGreaterThanOrEqual(2);
    expect(await emailsOf(app, who.customerId)).toEqual([
      'series-confirmation',
      ...extended.filter((row) => row.needsTime).map(() => 'visit-notice:flagged'),
    ]);
    // A second pass finds nothing to do.
    await runSeriesPass(later);
    expect(await api.rows(series.seriesId)).toHaveLength(extended.length);
    expect(await emailsOf(app, who.customerId)).toHaveLength(1 + flagged);
  });
});

/** What the daily job runs with, optionally some days later (its clock moved). */
function passDeps(app: TestApp, env: Record<string, string>, daysLater = 0): SeriesDeps {
  const config = testConfig(env);
  const now = new Date(Date.now() + daysLater * 86_400_000);
  return {
    db: app.db,
    jobs: app.jobs,
    rules: { ...bookingRulesOf(config), now },
    horizonWeeks: config.recurringHorizonWeeks,
    notify: createSeriesNotifier(app.db, config),
  };
}

describe('a series beyond the days the team has posted', () => {
  let app: TestApp;
  const w = world(() => app);
  const api = seriesApi(() => app);
  let admin: Headers;
  let service: string;
  const env = { RECURRING_HORIZON_WEEKS: '8', BUFFER_MINUTES: '30' };
  beforeAll(async () => {
    app = await buildTestApp(env);
    admin = (await w.as(['admin'])).headers;
    service = await makeService(app, { title: 'Weekly', durationMinutes: 60 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('waits unassigned (not flagged) until the team posts those days, then gets its cleaner', async () => {
    const first = nextWeekday(addDays(todayIn(TZ), 3), 5);
    const fridays = Array.from({ length: 9 }, (_, index) => addDays(first, index * 7));
    const gil = await w.employee('Gil', 'Ggg');
    const works = (employeeId: string, dates: string[], shifts?: readonly Shift[]) =>
      giveShifts(app, employeeId, dates, shifts);
    await works(gil.id, fridays.slice(0, 3));
    const who = await w.customer();
    const series = await makeSeries(app, who, {
      serviceIds: [service],
      appointmentDate: at(first, 10),
      frequency: 'weekly',
    });
    const teams = async () =>
      Promise.all(series.visits.map((visit) => w.assignees(visit.appointmentId, admin)));
    expect(series.visits.every((visit) => !visit.needsTime)).toBe(true);
    expect(series.visitsNeedingTime).toBe(0);
    expect((await teams()).map((team) => team.length)).toEqual(
      series.visits.map((_, index) => (index < 3 ? 1 : 0)),
    );

    // Gil posts three more Fridays: the daily pass gives him those visits.
    await works(gil.id, fridays.slice(3, 6));
    const deps = passDeps(app, env);
    expect((await runSeriesPass(deps)).placed).toBe(3);
    expect((await teams()).map((team) => team.length)).toEqual(
      series.visits.map((_, index) => (index < 6 ? 1 : 0)),
    );

    // Hal posts the seventh Friday, evenings only: nobody can take 10:00 that day, so it needs a time
    // (and its customer is told); the eighth, beyond the posted days, still waits.
    const hal = await w.employee('Hal', 'Hhh');
    await works(hal.id, [fridays[6] ?? ''], ['NIGHT']);
    await runSeriesPass(deps);
    const after = await api.detail(series.seriesId, who.headers);
    expect(after.visits.map((visit) => visit.needsTime)).toEqual(after.visits.map((_, index) => index === 6));
    expect(await emailsOf(app, who.customerId)).toEqual(['series-confirmation', 'visit-notice:flagged']);
  });
});
