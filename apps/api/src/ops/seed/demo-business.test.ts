import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  CLOSING_HOUR,
  OVERVIEW_WEEKS,
  SLOT_HOURS,
  toLocal,
  todayIn,
  type DispatchBoard,
  type MyDay,
  type Overview,
  type Permission,
} from '@eclat/shared';
import { buildApp } from '../../app.ts';
import { createTestDatabase, testConfig, type TestApp } from '../../../test/helpers.ts';
import { bearer, signAccessToken } from '../../../test/auth.ts';
import { createDatabase, type Database } from '../../db/client.ts';
import { findUserByEmail } from '../../modules/auth/accounts.repository.ts';
import { queueDueReminders } from '../../modules/reminders/reminders.ts';
import { initialiseDatabase } from './demo.ts';

/**
 * Issue 27, deliverable 8: the first start of an empty database shows a living business. The real app
 * starts on a fresh database with the demo on; each role reads what it is for.
 */
const TZ = 'America/Toronto';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eclat-demo-business-'));
const env = { SEED_DEMO: 'true', DATA_DIR: dataDir, BUSINESS_TIMEZONE: TZ };
let app: TestApp;
const headers: Partial<Record<Permission, Record<string, string>>> = {};
const today = () => todayIn(TZ);

async function signedIn(email: string, permissions: Permission[]) {
  const user = await findUserByEmail(app.db, email);
  if (!user) throw new Error(`${email} has no account`);
  return bearer(await signAccessToken(app, { id: user.id, email }, { permissions }));
}

async function get<T>(role: Permission, url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url: `/api/v1${url}`, headers: headers[role] ?? {} });
  expect(res.statusCode, `${role} GET ${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json<T>();
}

const count = async (sql: string) =>
  Number((await app.db.$client.query<{ n: string }>(sql)).rows[0]?.n ?? Number.NaN);

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  app = Object.assign(await buildApp(testConfig(env), { databaseUrl }), { databaseUrl });
  headers.admin = await signedIn('admin@example.com', ['admin']);
  headers.employee = await signedIn('employee@example.com', ['employee', 'customer']);
  headers.customer = await signedIn('customer@example.com', ['customer']);
  // The first start converts the catalogue's pictures: tens of seconds on a loaded 2-core machine.
}, 180_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo business', () => {
  it('fills the Overview: visits and revenue in each of the twelve weeks, cancellations among them', async () => {
    const overview = await get<Overview>('admin', '/admin/overview');
    const charts = overview.weeks.slice(0, OVERVIEW_WEEKS);
    expect(charts).toHaveLength(OVERVIEW_WEEKS);
    for (const week of charts) {
      expect(week.visits, week.weekStart).toBeGreaterThan(0);
      expect(week.revenueCents, week.weekStart).toBeGreaterThan(0);
    }
    expect(charts.reduce((sum, week) => sum + week.cancellations, 0)).toBeGreaterThan(0);
    expect(overview.utilisation.some((row) => row.bookedMinutes > 0 && row.availableMinutes > 0)).toBe(true);
    expect(overview.topServices.length).toBeGreaterThan(2);
    // Completed visits, each already asked for feedback (so no "how was it?" email goes out).
    expect(await count(`select count(*) as n from appointments where status = 'completed'`)).toBeGreaterThan(
      OVERVIEW_WEEKS * 10,
    );
    expect(
      await count(
        `select count(*) as n from appointments where status = 'completed' and feedback_requested_at is null`,
      ),
    ).toBe(0);
  });

  it("puts today's jobs on the dispatch board and this week's ahead, some waiting for a cleaner", async () => {
    const board = await get<DispatchBoard>('admin', `/dispatch?date=${today()}&view=day`);
    const day = board.days[0];
    expect(day?.lanes.flatMap((lane) => lane.visits).length).toBeGreaterThan(0);
    const week = await get<DispatchBoard>('admin', `/dispatch?date=${addDays(today(), 1)}&view=week`);
    const ahead = week.days.filter((entry) => entry.date > today());
    expect(ahead.flatMap((entry) => entry.lanes.flatMap((lane) => lane.visits)).length).toBeGreaterThan(0);
    expect(
      await count(`select count(*) as n from appointments a where status in ('pending', 'confirmed')
        and appointment_date > now() and series_id is null
        and not exists (select 1 from appointment_assignments aa where aa.appointment_id = a.id)`),
    ).toBeGreaterThan(0);
  });

  it('gives the demo employee jobs today or tomorrow (their My Day), and the appointments table rows', async () => {
    const days = await Promise.all(
      [today(), addDays(today(), 1)].map((date) => get<MyDay>('employee', `/dispatch/my-day?date=${date}`)),
    );
    expect(days.flatMap((day) => day.visits).length).toBeGreaterThan(0);
    const page = await get<{ content: unknown[] }>('employee', '/appointments/paged');
    expect(page.content.length).toBeGreaterThan(0);
  });

  it('has a recurring customer with planned visits and quotes waiting for an answer', async () => {
    const series = await get<{ content: unknown[] }>('admin', '/series');
    expect(series.content).toHaveLength(1);
    const mine = await get<unknown[]>('customer', '/series/mine');
    expect(mine).toHaveLength(1);
    // Planned to the recurring horizon, confirmed (the series pass has nothing to send or plan).
    expect(
      await count(`select count(*) as n from appointment_series where confirmed_at is not null
        and planned_until = '${addDays(today(), 12 * 7)}'`),
    ).toBe(1);
    expect(
      await count(
        `select count(*) as n from appointments where series_id is not null and appointment_date > now()`,
      ),
    ).toBeGreaterThan(3);
    const quotes = await get<{ content: { status: string }[] }>('admin', '/quotes');
    expect(quotes.content.map((quote) => quote.status)).toContain('requested');
    const own = await get<{ status: string }[]>('customer', '/quotes/mine');
    expect(own.map((quote) => quote.status)).toContain('answered');
    const visits = await get<unknown[]>('customer', '/appointments/my-appointments');
    expect(visits.length).toBeGreaterThan(3);
  });

  it('answers every read list to every role without a server error', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const lists = Object.entries(document.paths)
      .filter(([route, operations]) => 'get' in operations && !route.includes('{'))
      .map(([route]) => route.replace(/^\/api\/v1/, ''));
    expect(lists.length).toBeGreaterThan(20);
    for (const role of ['admin', 'employee', 'customer'] as const) {
      for (const route of lists) {
        const res = await app.inject({ method: 'GET', url: `/api/v1${route}`, headers: headers[role] ?? {} });
        expect(res.statusCode, `${role} GET ${route}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      }
    }
    for (const url of [
      '/appointments/paged',
      '/customers',
      '/employees',
      '/schedules',
      '/series/needs-time',
    ]) {
      await get('admin', url);
    }
    for (const url of ['/schedules/jobs', '/appointments/paged']) await get('employee', url);
  });

  it('places every job on an hourly slot within business hours, one at a time per cleaner with the travel buffer', async () => {
    const { rows } = await app.db.$client.query<{ start: Date; ends: Date }>(
      `select appointment_date as start, ends_at as ends from appointments`,
    );
    for (const row of rows) {
      const local = toLocal(row.start, TZ);
      expect(SLOT_HOURS).toContain(local.hour);
      expect(local.minute).toBe(0);
      const end = toLocal(row.ends, TZ);
      expect(end.date).toBe(local.date);
      expect(end.hour * 60 + end.minute).toBeLessThanOrEqual(CLOSING_HOUR * 60);
    }
    expect(
      await count(`select count(*) as n from appointment_assignments x
        join appointments a on a.id = x.appointment_id and a.status <> 'cancelled'
        join appointment_assignments y on y.employee_id = x.employee_id and y.appointment_id <> x.appointment_id
        join appointments b on b.id = y.appointment_id and b.status <> 'cancelled'
        where a.appointment_date < b.ends_at + interval '30 minutes'
          and b.appointment_date < a.ends_at + interval '30 minutes'`),
    ).toBe(0);
    // Priced like a booking: the lines add up to the total, which is the breakdown's.
    expect(
      await count(`select count(*) as n from appointments a
        where round(a.total_price * 100) <> (a.price_breakdown->>'totalCents')::int
           or (select count(*) from appointment_services s where s.appointment_id = a.id) = 0`),
    ).toBe(0);
  });

  it('queues no email: none at start, and the reminders pass finds nothing due, now or in the coming week', async () => {
    expect(await count(`select count(*) as n from pgboss.job where name = 'email'`)).toBe(0);
    const hours = testConfig(env).reminderHours;
    expect(hours.length).toBeGreaterThan(0);
    for (const days of [0, 1, 3, 7]) {
      const queued = await queueDueReminders({
        db: app.db,
        jobs: app.jobs,
        hours,
        now: new Date(Date.now() + days * 24 * 60 * 60 * 1000),
        publicUrl: 'http://localhost',
      });
      expect(queued, `${days} days on`).toBe(0);
    }
    expect(await count(`select count(*) as n from pgboss.job where name = 'email'`)).toBe(0);
  });

  it('writes nothing more on a second start', async () => {
    const before = await count('select count(*) as n from appointments');
    const second = await buildApp(testConfig(env), { databaseUrl: app.databaseUrl });
    await second.close();
    expect(await count('select count(*) as n from appointments')).toBe(before);
  });
});

describe('the demo business, planned', () => {
  const dbs: Database[] = [];
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.$client.end()));
  });
  async function seededAt(now: Date, withDemo = true) {
    const db = createDatabase(await createTestDatabase(), 2);
    dbs.push(db);
    await initialiseDatabase(db, {
      withDemo,
      timeZone: TZ,
      logger: { info: () => undefined },
      business: { now },
    });
    const { rows } = await db.$client.query<{ appointment_date: Date } & Record<string, unknown>>(
      `select appointment_date, ends_at, status, total_price, customer_last_name, series_date,
         (select string_agg(title, ', ' order by position) from appointment_services s where s.appointment_id = a.id) as services
       from appointments a order by appointment_date, customer_last_name`,
    );
    return rows;
  }

  it('is the same plan for the same day (seeded), on the business clock across a change of time', async () => {
    // Toronto's clocks go forward on 2027-03-14, in the week ahead of this first start.
    const now = new Date('2027-03-10T15:00:00Z');
    const [first, second] = [await seededAt(now), await seededAt(now)];
    expect(first.length).toBeGreaterThan(200);
    expect(second).toEqual(first);
    const weekAhead = first.filter((row) => toLocal(row.appointment_date, TZ).date >= '2027-03-14');
    expect(weekAhead.length).toBeGreaterThan(0);
    for (const row of first) {
      const local = toLocal(row.appointment_date, TZ);
      expect(SLOT_HOURS).toContain(local.hour);
      expect(local.minute).toBe(0);
    }
  }, 300_000);

  it('writes no visit with the demo turned off', async () => {
    expect(await seededAt(new Date(), false)).toEqual([]);
  });
});
