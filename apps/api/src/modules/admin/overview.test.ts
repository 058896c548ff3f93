import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { overviewSchema, type Overview, type OverviewWeek } from '@eclat/shared';
import {
  appointmentAssignments,
  appointmentSeries,
  appointmentServices,
  appointments,
  availabilities,
} from '../../db/schema/index.ts';
import { fromLocal } from '../../lib/time-zone.ts';
import { headersAs } from '../../../test/auth.ts';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import { appointmentEmailData, makeCustomer, makeEmployee, makeService } from '../../../test/factories.ts';

/**
 * Issue 17: the owner's overview, checked against known rows. Toronto leaves daylight saving time on
 * Sunday 2026-11-01, inside "this week" (Monday 2026-10-26 to Sunday 2026-11-01) when the overview is
 * asked as on Wednesday 2026-10-28: a visit on that Sunday at 21:00 is already Monday in UTC, and one on
 * the next Monday at 00:30 is still Sunday in the old offset.
 */
const TZ = 'America/Toronto';
const DAY = '2026-10-28';
const URL = `/api/v1/admin/overview?date=${DAY}`;

let app: TestApp;
useTestApp(
  (built) => {
    app = built;
  },
  { BUSINESS_TIMEZONE: TZ, JOBS_ENABLED: 'false' },
);

const at = (date: string, hour: number, minute = 0) => fromLocal(date, hour, minute, TZ);

type Line = { serviceId: string | null; title: string; price: number };
type Visit = {
  start: Date;
  minutes: number;
  status: 'pending' | 'confirmed' | 'cancelled' | 'completed';
  total: number;
  lines: Line[];
  employeeIds?: string[];
  seriesId?: string;
  needsTime?: boolean;
};

async function seed() {
  const customer = await makeCustomer(app, {
    firstName: 'Hélène',
    lastName: 'Côté',
    phoneNumber: '416-555-0100',
  });
  const made = [];
  for (const title of ['Ménage complet', 'Vitres'])
    made.push({ id: await makeService(app, { title, description: 'x', category: 'Résidentiel' }) });
  const people = [];
  for (const [firstName, lastName] of [
    ['Émile', 'Brûlé'],
    ['Zoé', 'Garçon'],
    ['Idle', 'Nobody'],
  ])
    people.push(await makeEmployee(app, { firstName, lastName, phoneNumber: '416-555-0101' }));
  const [s1, s2] = made;
  const [e1, e2] = people;
  if (!s1 || !s2 || !e1 || !e2) throw new Error('seed failed');
  const [series] = await app.db
    .insert(appointmentSeries)
    .values({
      customerId: customer.customerId,
      frequency: 'weekly',
      anchorDate: '2026-10-30',
      startHour: 10,
      plannedUntil: '2026-12-31',
    })
    .returning();
  if (!series) throw new Error('no series');

  const visit = async (v: Visit) => {
    const [row] = await app.db
      .insert(appointments)
      .values({
        customerId: customer.customerId,
        customerFirstName: customer.firstName,
        customerLastName: customer.lastName,
        appointmentDate: v.start,
        endsAt: new Date(v.start.getTime() + v.minutes * 60_000),
        status: v.status,
        totalPrice: v.total,
        seriesId: v.seriesId ?? null,
        seriesDate: v.seriesId ? '2026-10-30' : null,
        needsTime: v.needsTime ?? false,
      })
      .returning();
    if (!row) throw new Error('no visit');
    await app.db
      .insert(appointmentServices)
      .values(
        v.lines.map((line, position) => ({ appointmentId: row.id, position, durationMinutes: 60, ...line })),
      );
    for (const employeeId of v.employeeIds ?? []) {
      await app.db.insert(appointmentAssignments).values({ appointmentId: row.id, employeeId });
    }
  };
  const l1 = (price: number): Line => ({ serviceId: s1.id, title: 'Ménage complet', price });
  const l2 = (price: number): Line => ({ serviceId: s2.id, title: 'Vitres', price });

  // This week (Monday 2026-10-26 to Sunday 2026-11-01, the change of time on the Sunday).
  await visit({
    start: at('2026-10-26', 0, 30),
    minutes: 120,
    status: 'confirmed',
    total: 120,
    lines: [l1(120)],
    employeeIds: [e1.id],
  });
  await visit({
    start: at('2026-11-01', 21),
    minutes: 60,
    status: 'completed',
    total: 80.5,
    lines: [l2(80.5)],
    employeeIds: [e2.id],
  });
  await visit({
    start: at('2026-10-28', 10),
    minutes: 60,
    status: 'cancelled',
    total: 120,
    lines: [l1(120)],
  });
  await visit({
    start: at('2026-10-29', 10),
    minutes: 60,
    status: 'pending',
    total: 99.99,
    lines: [l1(99.99)],
  });
  await visit({
    start: at('2026-10-30', 10),
    minutes: 60,
    status: 'pending',
    total: 108,
    lines: [l1(120)],
    seriesId: series.id,
    needsTime: true,
  });
  // Next week, and the Monday after it (in no week of the overview).
  await visit({
    start: at('2026-11-02', 0, 30),
    minutes: 60,
    status: 'confirmed',
    total: 150,
    lines: [l1(100), l2(50)],
    employeeIds: [e1.id],
  });
  await visit({
    start: at('2026-11-08', 23, 30),
    minutes: 60,
    status: 'cancelled',
    total: 60,
    lines: [l2(60)],
  });
  await visit({
    start: at('2026-11-09', 0, 30),
    minutes: 60,
    status: 'confirmed',
    total: 70,
    lines: [l2(70)],
  });
  // The first of the 12 weeks (Monday 2026-08-10), and the Sunday before it (outside).
  await visit({
    start: at('2026-08-10', 9),
    minutes: 120,
    status: 'completed',
    total: 210,
    lines: [l1(200), { serviceId: null, title: 'Ancien service', price: 10 }],
    employeeIds: [e1.id],
  });
  await visit({
    start: at('2026-08-09', 23),
    minutes: 60,
    status: 'completed',
    total: 500,
    lines: [l2(500)],
    employeeIds: [e2.id],
  });

  // Shifts: a night of 00:00-04:00 on the day of the change is five real hours.
  await app.db.execute(
    sql`insert into app_meta (key, value) values ('shift_hours', ${JSON.stringify({
      MORNING: { start: '09:00', end: '13:00' },
      EVENING: { start: '13:00', end: '17:00' },
      NIGHT: { start: '00:00', end: '04:00' },
    })}) on conflict (key) do update set value = excluded.value`,
  );
  await app.db.insert(availabilities).values([
    { employeeId: e1.id, availableDate: at('2026-10-26', 0), shift: 'MORNING' },
    { employeeId: e1.id, availableDate: at('2026-11-01', 0), shift: 'NIGHT' },
    { employeeId: e2.id, availableDate: at('2026-10-27', 0), shift: 'EVENING' },
    // Next week's shift is outside the 12 weeks.
    { employeeId: e2.id, availableDate: at('2026-11-03', 0), shift: 'EVENING' },
  ]);

  // Emails: one out of retries, one waiting; a failed job of another queue is not an email.
  const failed = await app.jobs.enqueue('email', {
    to: 'a@example.com',
    locale: 'fr',
    message: { template: 'booking-confirmation', data: appointmentEmailData() },
  });
  await app.jobs.enqueue('email', {
    to: 'b@example.com',
    locale: 'en',
    message: { template: 'booking-confirmation', data: appointmentEmailData() },
  });
  await app.db.execute(sql`update pgboss.job set state = 'failed' where id = ${failed}::uuid`);
  return { s1, s2, e1, e2 };
}

const week = (weekStart: string, figures: Partial<OverviewWeek>): OverviewWeek => ({
  weekStart,
  visits: 0,
  revenueCents: 0,
  cancellations: 0,
  unassigned: 0,
  flagged: 0,
  ...figures,
});

describe('GET /admin/overview', () => {
  let seeded: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    seeded = await seed();
  });

  it('answers 401 to anonymous callers and 403 to customers and employees', async () => {
    expect((await app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    for (const role of ['customer', 'employee'] as const) {
      const res = await app.inject({ method: 'GET', url: URL, headers: await headersAs(app, role) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('refuses a day that is not one with a 400', async () => {
    const headers = await headersAs(app, 'admin');
    const res = await app.inject({ method: 'GET', url: '/api/v1/admin/overview?date=2026-02-30', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('gives this week and the next, in business weeks across the change of time, as the rows say', async () => {
    const res = await app.inject({ method: 'GET', url: URL, headers: await headersAs(app, 'admin') });
    expect(res.statusCode).toBe(200);
    const overview: Overview = overviewSchema.parse(res.json());
    expect(overview.timeZone).toBe(TZ);
    expect(overview.today).toBe(DAY);
    expect(overview.thisWeek).toEqual(
      week('2026-10-26', {
        visits: 4,
        revenueCents: 12_000 + 8_050 + 9_999 + 10_800,
        cancellations: 1,
        unassigned: 1,
        flagged: 1,
      }),
    );
    expect(overview.nextWeek).toEqual(
      week('2026-11-02', { visits: 1, revenueCents: 15_000, cancellations: 1 }),
    );
    expect(overview.failedEmails).toBe(1);
  });

  it('charts the last 12 weeks, oldest first, the same figures as the database', async () => {
    const overview = overviewSchema.parse(
      (await app.inject({ method: 'GET', url: URL, headers: await headersAs(app, 'admin') })).json(),
    );
    expect(overview.weeks.map((w) => w.weekStart)).toEqual(
      Array.from({ length: 12 }, (_, index) =>
        new Date(Date.UTC(2026, 7, 10 + 7 * index)).toISOString().slice(0, 10),
      ),
    );
    expect(overview.weeks[0]).toEqual({
      weekStart: '2026-08-10',
      visits: 1,
      revenueCents: 21_000,
      cancellations: 0,
    });
    const { weekStart, visits, revenueCents, cancellations } = overview.thisWeek;
    expect(overview.weeks[11]).toEqual({ weekStart, visits, revenueCents, cancellations });
    expect(overview.weeks.slice(1, 11).every((w) => w.visits === 0 && w.revenueCents === 0)).toBe(true);

    // Against the database, independently: visits not cancelled in the 12 weeks, and their total.
    const { rows } = await app.db.execute<{ visits: number; cents: string }>(sql`
      select count(*)::int as visits, sum(total_price * 100)::bigint as cents from appointments
      where status <> 'cancelled' and appointment_date >= ${at('2026-08-10', 0).toISOString()}::timestamptz
        and appointment_date < ${at('2026-11-02', 0).toISOString()}::timestamptz`);
    expect(overview.weeks.reduce((sum, w) => sum + w.visits, 0)).toBe(rows[0]?.visits);
    expect(overview.weeks.reduce((sum, w) => sum + w.revenueCents, 0)).toBe(Number(rows[0]?.cents));
  });

  it('gives utilisation per employee: booked minutes over the minutes of their shifts', async () => {
    const overview = overviewSchema.parse(
      (await app.inject({ method: 'GET', url: URL, headers: await headersAs(app, 'admin') })).json(),
    );
    expect(overview.utilisation).toEqual([
      {
        employeeId: seeded.e1.id,
        name: 'Émile Brûlé',
        bookedMinutes: 240,
        availableMinutes: 240 + 300,
        utilisation: 240 / 540,
      },
      {
        employeeId: seeded.e2.id,
        name: 'Zoé Garçon',
        bookedMinutes: 60,
        availableMinutes: 240,
        utilisation: 0.25,
      },
    ]);
  });

  it('ranks the top services by visits, then what they brought', async () => {
    const overview = overviewSchema.parse(
      (await app.inject({ method: 'GET', url: URL, headers: await headersAs(app, 'admin') })).json(),
    );
    expect(overview.topServices).toEqual([
      {
        serviceId: seeded.s1.id,
        title: 'Ménage complet',
        visits: 4,
        revenueCents: 12_000 + 9_999 + 12_000 + 20_000,
      },
      { serviceId: seeded.s2.id, title: 'Vitres', visits: 1, revenueCents: 8_050 },
      { serviceId: null, title: 'Ancien service', visits: 1, revenueCents: 1_000 },
    ]);
  });
});
