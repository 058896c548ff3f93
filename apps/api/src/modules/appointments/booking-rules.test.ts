import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  appointmentSchema,
  errorBodySchema,
  slotsResponseSchema,
  type Permission,
} from '@eclat/shared';
import { appointments, services } from '../../db/schema/index.ts';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { makeCustomer, makeService } from '../../../test/factories.ts';
import { bearer, createTestUser, signAccessToken } from '../../../test/auth.ts';
import { insertAppointment } from './appointments.repository.ts';

/** The rules of decision 012, each for the roles it binds and the roles it does not. */

const TZ = 'America/Toronto';
const HORIZON_DAYS = 60;
const MAX_OPEN = 3;

let app: Awaited<ReturnType<typeof buildTestApp>>;
let admin: Record<string, string>;
/** 60, 150, 400 and 720 minutes; `withdrawn` is withdrawn by the test that needs it, `alsoWithdrawn` always is. */
const service = { hour: '', deep: '', day: '', withdrawn: '', alsoWithdrawn: '', extra: '', fullDay: '' };

beforeAll(async () => {
  app = await buildTestApp({
    SLOT_CAPACITY: '2',
    MAX_OPEN_VISITS: String(MAX_OPEN),
    BOOKING_HORIZON_DAYS: String(HORIZON_DAYS),
  });
  const row = (title: string, durationMinutes: number, isAvailable = true) => ({
    title,
    durationMinutes,
    isAvailable,
  });
  const ids: string[] = [];
  for (const fields of [
    row('Window Washing', 60),
    row('Deep Cleaning', 150),
    row('Move-out Cleaning', 400),
    row('Carpet Care', 60),
    row('Oven Care', 60, false),
    row('Office Floors', 400),
    row('Full Day', 720),
  ])
    ids.push(await makeService(app, fields));
  const names = ['hour', 'deep', 'day', 'withdrawn', 'alsoWithdrawn', 'extra', 'fullDay'] as const;
  names.forEach((name, i) => {
    service[name] = ids[i] ?? '';
  });
  admin = await headersFor(['admin']);
});
afterAll(async () => {
  await app.close();
});

async function headersFor(permissions: Permission[]) {
  const user = await createTestUser(app, permissions);
  return bearer(await signAccessToken(app, user, { permissions }));
}

/** A signed-in person with a customer profile of their own. */
function person(role: Permission = 'customer') {
  return makeCustomer(app, { firstName: 'Ana', lastName: 'Lopez', address: '12 Main Street' }, [role]);
}
type Person = Awaited<ReturnType<typeof person>>;

const today = () => todayIn(TZ);
// From the day after tomorrow: tomorrow at 09:00 is inside the 12-hour notice when the run starts after
// 21:00 in Toronto (a CI run at 02:16 UTC found it).
let dayOffset = 1;
/** A fresh business day for each use, inside the horizon, at least a day ahead whatever the hour. */
function nextDay(): string {
  dayOffset += 1;
  return addDays(today(), dayOffset);
}
const at = (date: string, hour: number) => fromLocal(date, hour, 0, TZ).toISOString();

function book(
  who: Person,
  serviceIds: string[],
  appointmentDate: string,
  headers: Record<string, string> = who.headers,
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/appointments/customers/${who.customerId}`,
    headers,
    payload: { serviceIds, appointmentDate },
  });
}
async function booked(who: Person, serviceIds: string[], appointmentDate: string) {
  const res = await book(who, serviceIds, appointmentDate);
  expect(res.statusCode, res.body).toBe(201);
  return appointmentSchema.parse(res.json());
}
function adminAdd(customerId: string, serviceIds: string[], appointmentDate: string, status = 'pending') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/appointments',
    headers: admin,
    payload: { customerId, serviceIds, appointmentDate, status },
  });
}
function adminEdit(
  id: string,
  customerId: string,
  serviceIds: string[],
  appointmentDate: string,
  status: string,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/v1/appointments/${id}`,
    headers: admin,
    payload: { customerId, serviceIds, appointmentDate, status },
  });
}
function customerPut(who: { headers: Record<string, string> }, id: string, payload: object) {
  return app.inject({
    method: 'PUT',
    url: `/api/v1/appointments/customer/${id}`,
    headers: who.headers,
    payload,
  });
}
const code = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).code;
const detail = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).details?.[0]?.message;

describe('one visit fits inside one business day', () => {
  it('refuses a visit longer than the day to a customer and to an admin, with VISIT_TOO_LONG and why', async () => {
    const who = await person();
    // 400 + 150 + 60 + 400 minutes: more than 09:00-21:00 (720 minutes).
    const tooLong = [service.day, service.deep, service.hour];
    for (const res of [
      await book(who, [...tooLong, service.extra], at(nextDay(), 9)),
      await adminAdd(who.customerId, [...tooLong, service.extra], at(nextDay(), 9)),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(code(res)).toBe('VISIT_TOO_LONG');
      expect(detail(res)).toBe('appointments.errors.visitTooLong');
    }
    // Exactly the day, from opening: allowed.
    expect((await book(who, [service.fullDay], at(nextDay(), 9))).statusCode).toBe(201);
  });

  it('marks starts that would end after closing (21:00) as unavailable, and refuses them', async () => {
    const date = nextDay();
    const slots = slotsResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/slots?date=${date}&serviceIds=${service.day}`,
        })
      ).json(),
    );
    // 400 minutes (6 h 40): 14:00 ends 20:40, 15:00 would end 21:40.
    expect(slots.slots.filter((slot) => slot.reason === 'closing').map((slot) => slot.hour)).toEqual([
      15, 16, 17, 18, 19, 20,
    ]);
    expect(slots.slots.find((slot) => slot.hour === 14)?.available).toBe(true);
    const who = await person();
    const late = await book(who, [service.day], at(date, 15));
    expect(late.statusCode).toBe(400);
    expect(detail(late)).toBe('appointments.errors.endsAfterClosing');
    const lateByAdmin = await adminAdd(who.customerId, [service.day], at(date, 15));
    expect(detail(lateByAdmin)).toBe('appointments.errors.endsAfterClosing');
    expect((await book(who, [service.day], at(date, 14))).statusCode).toBe(201);
  });
});

describe("a customer's own visits never overlap", () => {
  it('refuses an overlapping booking or move by the customer; another customer, or an admin, may', async () => {
    const who = await person();
    const date = nextDay();
    const first = await booked(who, [service.deep], at(date, 10)); // 10:00-12:30
    const again = await book(who, [service.hour], at(date, 12));
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe('VISITS_OVERLAP');
    expect(detail(again)).toBe('appointments.errors.overlap');
    // Back to back is fine; so is someone else at the same time; so is a cancelled visit's time.
    expect((await book(who, [service.hour], at(date, 13))).statusCode).toBe(201);
    expect((await book(await person(), [service.hour], at(date, 11))).statusCode).toBe(201);
    expect((await adminAdd(who.customerId, [service.hour], at(date, 11), 'cancelled')).statusCode).toBe(201);

    // Moving another visit onto the first: refused too.
    const other = await booked(who, [service.hour], at(date, 16));
    const move = await customerPut(who, other.appointmentId, {
      serviceIds: [service.hour],
      appointmentDate: at(date, 11),
    });
    expect(code(move)).toBe('VISITS_OVERLAP');
    // 12:00-14:30 would meet the 13:00 visit; 09:00-11:30 only meets the visit's own time, which does not count.
    const later = await customerPut(who, first.appointmentId, {
      serviceIds: [service.deep],
      appointmentDate: at(date, 12),
    });
    expect(code(later)).toBe('VISITS_OVERLAP');
    const earlier = await customerPut(who, first.appointmentId, {
      serviceIds: [service.deep],
      appointmentDate: at(date, 9),
    });
    expect(earlier.statusCode, earlier.body).toBe(200);

    // The company may send two teams at once (a business with several sites).
    expect((await adminAdd(who.customerId, [service.hour], at(date, 10))).statusCode).toBe(201);
    const adminMove = await adminEdit(
      other.appointmentId,
      who.customerId,
      [service.hour],
      at(date, 9),
      'pending',
    );
    expect(adminMove.statusCode, adminMove.body).toBe(200);
  });

  it('gives exactly one of two simultaneous overlapping bookings of one customer', async () => {
    const who = await person();
    const date = nextDay();
    const results = await Promise.all([
      book(who, [service.deep], at(date, 10)),
      book(who, [service.deep], at(date, 11)),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(results.filter((res) => res.statusCode === 409).map(code)).toEqual(['VISITS_OVERLAP']);
    const count = await app.db.$count(appointments, eq(appointments.customerId, who.customerId));
    expect(count).toBe(1);
  });
});

describe('at most MAX_OPEN_VISITS future visits per customer', () => {
  it('stops a customer at the limit, even in parallel; a cancel frees a place; an admin may book more', async () => {
    const who = await person();
    const date = nextDay();
    const results = await Promise.all(
      [9, 11, 13, 15, 17].map((hour) => book(who, [service.hour], at(date, hour))),
    );
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(MAX_OPEN);
    const refused = results.filter((res) => res.statusCode !== 201);
    expect(refused.map((res) => [res.statusCode, code(res)])).toEqual(
      refused.map(() => [409, 'TOO_MANY_OPEN_VISITS']),
    );

    const one = appointmentSchema.parse(results.find((res) => res.statusCode === 201)?.json());
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v1/appointments/customer/${one.appointmentId}/cancel`,
      headers: who.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await book(who, [service.hour], at(nextDay(), 9))).statusCode).toBe(201);
    expect(code(await book(who, [service.hour], at(nextDay(), 9)))).toBe('TOO_MANY_OPEN_VISITS');

    // The company may give a customer more visits than they can book online.
    expect((await book(who, [service.hour], at(nextDay(), 9), admin)).statusCode).toBe(201);
    expect((await adminAdd(who.customerId, [service.hour], at(nextDay(), 9))).statusCode).toBe(201);
  });

  it('does not count past or cancelled visits', async () => {
    const who = await person();
    await insertPast(who, 'pending');
    await insertPast(who, 'confirmed');
    for (let i = 0; i < MAX_OPEN; i += 1) await booked(who, [service.hour], at(nextDay(), 10));
    expect(code(await book(who, [service.hour], at(nextDay(), 10)))).toBe('TOO_MANY_OPEN_VISITS');
  });
});

describe('capacity under a lock on every business day a visit spans', () => {
  it('never puts more than SLOT_CAPACITY visits in any hour, with 20 parallel multi-hour bookings over 3 days', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, () => person()));
    const days = [nextDay(), nextDay(), nextDay()];
    const results = await Promise.all(
      people.map((who, i) =>
        book(who, i % 2 ? [service.deep] : [service.deep, service.hour], at(days[i % 3] ?? '', 9 + (i % 4))),
      ),
    );
    const created = results.filter((res) => res.statusCode === 201);
    expect(created.length).toBeGreaterThan(0);
    for (const res of results.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(code(res)).toBe('SLOT_FULL');
    }
    // Each hour of the three days, counted from the table itself.
    const { rows } = await app.db.execute<{ hour: string; n: number }>(sql`
      select h.hour::text as hour, count(a.id)::int as n
      from generate_series(${at(days[0] ?? '', 0)}::timestamptz, ${at(days[2] ?? '', 23)}::timestamptz, interval '1 hour') as h(hour)
      left join ${appointments} a
        on a.status in ('pending', 'confirmed') and a.appointment_date < h.hour + interval '1 hour' and a.ends_at > h.hour
      group by h.hour`);
    expect(rows.length).toBeGreaterThan(60);
    expect(Math.max(...rows.map((row) => row.n))).toBe(2);
  });
});

/** A visit that already happened (yesterday), written as the past left it. */
async function insertPast(who: Person, status: 'pending' | 'confirmed' | 'completed') {
  const start = new Date(at(addDays(today(), -1), 10));
  const id = await insertAppointment(
    app.db,
    {
      customerId: who.customerId,
      customerFirstName: 'Ana',
      customerLastName: 'Lopez',
      appointmentDate: start,
      endsAt: new Date(start.getTime() + 3600_000),
      status,
      totalPrice: 100,
    },
    [{ serviceId: service.hour, title: 'Window Washing', price: 100, durationMinutes: 60 }],
  );
  return id;
}

describe('completed and past visits are closed to their customer', () => {
  it('refuses DELETE, the cancel route and PUT with APPOINTMENT_CLOSED; the admin still changes them', async () => {
    const who = await person();
    const completed = await booked(who, [service.hour], at(nextDay(), 10));
    expect(
      (
        await adminEdit(
          completed.appointmentId,
          who.customerId,
          [service.hour],
          completed.appointmentDate,
          'completed',
        )
      ).statusCode,
    ).toBe(200);
    const past = await insertPast(who, 'confirmed');
    for (const id of [completed.appointmentId, past]) {
      const attempts = [
        await app.inject({ method: 'DELETE', url: `/api/v1/appointments/${id}`, headers: who.headers }),
        await app.inject({
          method: 'POST',
          url: `/api/v1/appointments/customer/${id}/cancel`,
          headers: who.headers,
        }),
        await customerPut(who, id, { serviceIds: [service.hour], appointmentDate: at(nextDay(), 10) }),
        await customerPut(who, id, {
          serviceIds: [service.hour],
          appointmentDate: at(nextDay(), 10),
          status: 'cancelled',
        }),
      ];
      expect(attempts.map((res) => [res.statusCode, code(res)])).toEqual(
        attempts.map(() => [409, 'APPOINTMENT_CLOSED']),
      );
      const [row] = await app.db.select().from(appointments).where(eq(appointments.id, id));
      expect(row?.status).not.toBe('cancelled');
    }
    // The company keeps its records: an admin closes the past visit.
    const [pastRow] = await app.db.select().from(appointments).where(eq(appointments.id, past));
    expect(
      (
        await adminEdit(
          past,
          who.customerId,
          [service.hour],
          pastRow?.appointmentDate.toISOString() ?? '',
          'completed',
        )
      ).statusCode,
    ).toBe(200);
  });

  it('refuses the cancel route to anyone but the customer', async () => {
    const who = await person();
    const visit = await booked(who, [service.hour], at(nextDay(), 10));
    const url = `/api/v1/appointments/customer/${visit.appointmentId}/cancel`;
    expect((await app.inject({ method: 'POST', url })).statusCode).toBe(401);
    for (const role of ['customer', 'employee', 'admin'] as const) {
      const other = await person(role);
      expect((await app.inject({ method: 'POST', url, headers: other.headers })).statusCode, role).toBe(403);
    }
    const mine = await app.inject({ method: 'POST', url, headers: who.headers });
    expect(mine.statusCode).toBe(200);
    expect(appointmentSchema.parse(mine.json()).status).toBe('cancelled');
  });
});

describe('a confirmed visit the customer moves or changes is pending again', () => {
  it('keeps it confirmed for a change of comments only', async () => {
    const who = await person();
    const date = nextDay();
    const visit = await booked(who, [service.hour], at(date, 10));
    const confirm = () =>
      adminEdit(visit.appointmentId, who.customerId, [service.hour], at(date, 10), 'confirmed');
    expect((await confirm()).statusCode).toBe(200);
    const statusAfter = async (payload: object) => {
      const res = await customerPut(who, visit.appointmentId, payload);
      expect(res.statusCode, res.body).toBe(200);
      return appointmentSchema.parse(res.json()).status;
    };
    expect(
      await statusAfter({ serviceIds: [service.hour], appointmentDate: at(date, 10), comments: 'Code 1234' }),
    ).toBe('confirmed');
    expect(await statusAfter({ serviceIds: [service.hour], appointmentDate: at(date, 14) })).toBe('pending');
    await adminEdit(visit.appointmentId, who.customerId, [service.hour], at(date, 14), 'confirmed');
    expect(
      await statusAfter({ serviceIds: [service.hour, service.deep], appointmentDate: at(date, 14) }),
    ).toBe('pending');
  });
});

describe('a customer change decides on the row it locked', () => {
  /**
   * Holds the appointment's row lock in another connection while the customer's request starts, changes the
   * row there, then lets the request go on: it must judge the row as it is now, not as it first read it.
   */
  async function whileRowHeld(id: string, request: () => Promise<LightMyRequestResponse>, change: string) {
    const other = new pg.Client({ connectionString: app.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from appointments where id = $1 for update', [id]);
      const pending = request();
      // Wait until the request is queued behind the lock (bounded: 10 s).
      for (let i = 0; i < 200; i += 1) {
        const { rows } = await other.query<{ n: string }>(
          "select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        if (Number(rows[0]?.n) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await other.query(change, [id]);
      await other.query('commit');
      return await pending;
    } finally {
      await other.end();
    }
  }

  it('counts a move the company made while the request waited, so the visit is pending again', async () => {
    const who = await person();
    const date = nextDay();
    const visit = await booked(who, [service.hour], at(date, 10));
    expect(
      (await adminEdit(visit.appointmentId, who.customerId, [service.hour], at(date, 10), 'confirmed'))
        .statusCode,
    ).toBe(200);
    // The customer sends 10:00 again (a comments change), while the company moves the visit to 14:00.
    const res = await whileRowHeld(
      visit.appointmentId,
      () =>
        customerPut(who, visit.appointmentId, {
          serviceIds: [service.hour],
          appointmentDate: at(date, 10),
          comments: 'Gate code 4321',
        }),
      `update appointments set appointment_date = appointment_date + interval '4 hours', ends_at = ends_at + interval '4 hours' where id = $1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = appointmentSchema.parse(res.json());
    expect(after.appointmentDate).toBe(at(date, 10));
    expect(after.status).toBe('pending');
  });

  it('refuses the former customer when the company gave the visit to someone else while the request waited', async () => {
    const who = await person();
    const other = await person();
    const visit = await booked(who, [service.hour], at(nextDay(), 11));
    const res = await whileRowHeld(
      visit.appointmentId,
      () =>
        app.inject({
          method: 'POST',
          url: `/api/v1/appointments/customer/${visit.appointmentId}/cancel`,
          headers: who.headers,
        }),
      `update appointments set customer_id = '${other.customerId}' where id = $1`,
    );
    expect(res.statusCode).toBe(403);
    const [row] = await app.db.select().from(appointments).where(eq(appointments.id, visit.appointmentId));
    expect(row?.status).toBe('pending');
    expect(row?.customerId).toBe(other.customerId);
  });
});

describe('withdrawn services', () => {
  it('cannot be added by a customer; one already on the visit may stay; an admin may add it', async () => {
    const who = await person();
    const date = nextDay();
    const visit = await booked(who, [service.withdrawn], at(date, 10));
    await app.db.update(services).set({ isAvailable: false }).where(eq(services.id, service.withdrawn));

    const keep = await customerPut(who, visit.appointmentId, {
      serviceIds: [service.withdrawn],
      appointmentDate: at(date, 11),
      comments: 'still wanted',
    });
    expect(keep.statusCode, keep.body).toBe(200);
    for (const res of [
      await customerPut(who, visit.appointmentId, {
        serviceIds: [service.withdrawn, service.alsoWithdrawn],
        appointmentDate: at(date, 11),
      }),
      await book(who, [service.withdrawn], at(nextDay(), 10)),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(detail(res)).toBe('appointments.errors.services');
    }
    expect((await adminAdd(who.customerId, [service.alsoWithdrawn], at(nextDay(), 10))).statusCode).toBe(201);
  });
});

describe('the booking horizon', () => {
  it('refuses a start beyond BOOKING_HORIZON_DAYS to everyone, and shows those days as not bookable', async () => {
    const last = addDays(today(), HORIZON_DAYS);
    const beyond = addDays(last, 1);
    const who = await person();
    for (const res of [
      await book(who, [service.hour], at(beyond, 10)),
      await adminAdd(who.customerId, [service.hour], at(beyond, 10)),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(detail(res)).toBe('appointments.errors.beyondHorizon');
    }
    const visit = await booked(who, [service.hour], at(last, 10));
    const move = await customerPut(who, visit.appointmentId, {
      serviceIds: [service.hour],
      appointmentDate: at(beyond, 10),
    });
    expect(detail(move)).toBe('appointments.errors.beyondHorizon');

    const slotsOf = async (date: string) =>
      slotsResponseSchema.parse(
        (await app.inject({ method: 'GET', url: `/api/v1/slots?date=${date}` })).json(),
      );
    const lastDay = await slotsOf(last);
    expect(lastDay.bookableUntil).toBe(last);
    expect(lastDay.slots.some((slot) => slot.available)).toBe(true);
    const tooFar = await slotsOf(beyond);
    expect(tooFar.slots.map((slot) => slot.reason)).toEqual(tooFar.slots.map(() => 'horizon'));
  });
});

describe("an admin's delete and a customer's cancel", () => {
  it('deletes (204) when the admin is the customer; cancels (kept) through the cancel route', async () => {
    const me = await person('admin');
    const toDelete = await booked(me, [service.hour], at(nextDay(), 10));
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/appointments/${toDelete.appointmentId}`,
      headers: me.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await app.db.$count(appointments, eq(appointments.id, toDelete.appointmentId))).toBe(0);

    const toCancel = await booked(me, [service.hour], at(nextDay(), 10));
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/v1/appointments/customer/${toCancel.appointmentId}/cancel`,
      headers: me.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    const [row] = await app.db.select().from(appointments).where(eq(appointments.id, toCancel.appointmentId));
    expect(row?.status).toBe('cancelled');
  });

  it("an employee's DELETE of their own appointment cancels it, as a customer's does", async () => {
    const me = await person('employee');
    const visit = await booked(me, [service.hour], at(nextDay(), 10));
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v1/appointments/${visit.appointmentId}`,
      headers: me.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(appointmentSchema.parse(res.json()).status).toBe('cancelled');
  });
});
