import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentSchema, customerSchema, errorBodySchema, slotsResponseSchema } from '@eclat/shared';
import { z } from 'zod';
import { appointments } from '../../db/schema/index.ts';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { makeCustomer, makeService } from '../../../test/factories.ts';
import { bearer, createTestUser, signAccessToken } from '../../../test/auth.ts';

let app: Awaited<ReturnType<typeof buildTestApp>>;
let deepClean: string;
let windows: string;

beforeAll(async () => {
  app = await buildTestApp({ SLOT_CAPACITY: '2' });
  deepClean = await makeService(app, {
    title: 'Deep Cleaning',
    description: 'd',
    pricing: 289,
    durationMinutes: 150,
  });
  windows = await makeService(app, { title: 'Window Washing', description: 'w', pricing: 95 });
});
afterAll(async () => {
  await app.close();
});

let day = 0;
/** A fresh future business day for each test, so tests never share slots. */
function futureDate(): string {
  day += 3;
  const base = new Date(`${todayIn('America/Toronto')}T12:00:00Z`);
  base.setUTCDate(base.getUTCDate() + 30 + day);
  return base.toISOString().slice(0, 10);
}
const at = (date: string, hour: number) => fromLocal(date, hour, 0, 'America/Toronto').toISOString();

async function customerWithProfile(role: 'customer' | 'employee' | 'admin' = 'customer') {
  const { user, headers, ...customer } = await makeCustomer(
    app,
    { firstName: 'Ana', lastName: 'Lopez', companyName: '' },
    [role],
  );
  return { user, headers, customer };
}

function book(
  who: { headers: Record<string, string>; customer: { customerId: string } },
  body: object,
  key?: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/appointments/customers/${who.customer.customerId}`,
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}), 'accept-language': 'fr-CA' },
    payload: body,
  });
}

describe('profile', () => {
  it('is 404 until created, then readable and changeable by its owner only', async () => {
    const user = await createTestUser(app, ['customer']);
    const headers = bearer(await signAccessToken(app, user, { permissions: ['customer'] }));
    const mine = () =>
      app.inject({
        method: 'GET',
        url: `/api/v1/customers/byEmail?email=${encodeURIComponent(user.email)}`,
        headers,
      });
    expect((await mine()).statusCode).toBe(404);

    const invalid = await app.inject({
      method: 'POST',
      url: '/api/v1/customers/me',
      headers,
      payload: { firstName: ' ', lastName: '', phoneNumber: '4165550123', address: 'Main Street' },
    });
    expect(
      errorBodySchema
        .parse(invalid.json())
        .details?.map((d) => `${d.path}:${d.message}`)
        .sort(),
    ).toEqual([
      'body.address:profile.errors.addressFormat',
      'body.firstName:profile.errors.firstName',
      'body.lastName:profile.errors.lastName',
      'body.phoneNumber:profile.errors.phone',
    ]);

    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/customers/me',
      headers,
      payload: {
        firstName: 'Ana',
        lastName: 'Lopez',
        phoneNumber: '416-555-0123',
        address: '123 Main Street',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(customerSchema.parse(created.json())).toMatchObject({ email: user.email, companyName: null });
    expect((await mine()).statusCode).toBe(200);
    const twice = await app.inject({
      method: 'POST',
      url: '/api/v1/customers/me',
      headers,
      payload: {
        firstName: 'Ana',
        lastName: 'Lopez',
        phoneNumber: '416-555-0123',
        address: '123 Main Street',
      },
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('customer B and customer A', () => {
  it('B cannot read, change, book for, change or cancel what is A’s', async () => {
    const a = await customerWithProfile();
    const b = await customerWithProfile();
    const date = futureDate();
    const booked = appointmentSchema.parse(
      (await book(a, { serviceIds: [windows], appointmentDate: at(date, 10) })).json(),
    );

    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/customers/byEmail?email=${encodeURIComponent(a.user.email)}`,
          headers: b.headers,
        })
      ).statusCode,
    ).toBe(403);
    const profile = { firstName: 'X', lastName: 'Y', phoneNumber: '416-555-0199', address: '1 Evil Road' };
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/v1/customers/${a.customer.customerId}`,
          headers: b.headers,
          payload: profile,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await book(
          { headers: b.headers, customer: a.customer },
          { serviceIds: [windows], appointmentDate: at(date, 11) },
        )
      ).statusCode,
    ).toBe(403);
    const change = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/customer/${booked.appointmentId}`,
      headers: b.headers,
      payload: { serviceIds: [windows], appointmentDate: at(date, 12) },
    });
    expect(change.statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/v1/appointments/${booked.appointmentId}`,
          headers: b.headers,
        })
      ).statusCode,
    ).toBe(403);
    const bList = z
      .array(appointmentSchema)
      .parse(
        (
          await app.inject({ method: 'GET', url: '/api/v1/appointments/my-appointments', headers: b.headers })
        ).json(),
      );
    expect(bList).toEqual([]);
    const [row] = await app.db
      .select()
      .from(appointments)
      .where(sql`${appointments.id} = ${booked.appointmentId}`);
    expect(row?.status).toBe('pending');
  });
});

describe('booking', () => {
  it('computes titles and total itself (a price sent by the client is ignored), and queues the confirmation', async () => {
    const a = await customerWithProfile();
    const res = await book(a, {
      serviceIds: [deepClean, windows],
      appointmentDate: at(futureDate(), 9),
      comments: 'Cat inside',
      totalPrice: 1,
      pricing: 1,
      status: 'confirmed',
      services: 'Free stuff',
    });
    expect(res.statusCode).toBe(201);
    const booked = appointmentSchema.parse(res.json());
    expect(booked).toMatchObject({
      services: 'Deep Cleaning, Window Washing',
      totalPrice: 384,
      status: 'pending',
      address: '12 Rue Sainte Catherine',
    });
    // 150 + 60 minutes: 3.5 hours, ends at 12:30.
    expect(new Date(booked.endsAt).getTime() - new Date(booked.appointmentDate).getTime()).toBe(210 * 60_000);
    const { rows } = await app.db.execute<{
      data: { locale: string; to: string; message: { template: string } };
    }>(sql`select data from pgboss.job where name = 'email'`);
    expect(rows.map((row) => [row.data.message.template, row.data.to, row.data.locale])).toContainEqual([
      'booking-confirmation',
      a.user.email,
      'fr',
    ]);
  });

  it('refuses a past time, a time off the hour and a time outside 09:00-20:00', async () => {
    const a = await customerWithProfile();
    const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);
    const cases: [string, string][] = [
      [at(yesterday, 10), 'appointments.errors.pastTime'],
      [fromLocal(futureDate(), 10, 30, 'America/Toronto').toISOString(), 'appointments.errors.slot'],
      [at(futureDate(), 21), 'appointments.errors.slot'],
      [at(futureDate(), 8), 'appointments.errors.slot'],
    ];
    for (const [appointmentDate, key] of cases) {
      const res = await book(a, { serviceIds: [windows], appointmentDate });
      expect(res.statusCode, appointmentDate).toBe(400);
      expect(errorBodySchema.parse(res.json()).details?.[0]?.message).toBe(key);
    }
  });

  it('gives exactly two of 20 simultaneous bookings of one slot, and a clear 409 to the others', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, () => customerWithProfile()));
    const date = futureDate();
    const results = await Promise.all(
      people.map((person) => book(person, { serviceIds: [windows], appointmentDate: at(date, 14) })),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(18);
    for (const res of results.filter((r) => r.statusCode === 409))
      expect(errorBodySchema.parse(res.json()).code).toBe('SLOT_FULL');
    const { rows } = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${appointments} where ${appointments.appointmentDate} = ${at(date, 14)}::timestamptz`,
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('returns the first result to a retried request with the same idempotency key, even in parallel', async () => {
    const a = await customerWithProfile();
    const body = { serviceIds: [windows], appointmentDate: at(futureDate(), 16) };
    const results = await Promise.all(Array.from({ length: 5 }, () => book(a, body, 'checkout-7f3a9c21')));
    const ids = new Set(results.map((res) => appointmentSchema.parse(res.json()).appointmentId));
    expect(ids.size).toBe(1);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const later = await book(a, body, 'checkout-7f3a9c21');
    expect(later.statusCode).toBe(200);
    expect(appointmentSchema.parse(later.json()).appointmentId).toBe([...ids][0]);
  });

  it('counts every hour an appointment touches against the capacity', async () => {
    const date = futureDate();
    // Two 2.5-hour cleanings from 10:00 fill 10, 11 and 12.
    for (let i = 0; i < 2; i += 1)
      expect(
        (await book(await customerWithProfile(), { serviceIds: [deepClean], appointmentDate: at(date, 10) }))
          .statusCode,
      ).toBe(201);
    const slots = slotsResponseSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/v1/slots?date=${date}&serviceIds=${windows}` })).json(),
    );
    expect(slots.slots.filter((slot) => !slot.available).map((slot) => [slot.hour, slot.reason])).toEqual([
      [10, 'full'],
      [11, 'full'],
      [12, 'full'],
    ]);
    // A 2.5-hour cleaning at 08:00 is not possible anyway; one at 09:00 would run into 10:00.
    const longSlots = slotsResponseSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/v1/slots?date=${date}&serviceIds=${deepClean}` })).json(),
    );
    expect(longSlots.slots.find((slot) => slot.hour === 9)?.available).toBe(false);
    expect(longSlots.slots.find((slot) => slot.hour === 13)?.available).toBe(true);
  });

  it('shows the 12 local hours on the days the clocks change, and past hours of today as past', async () => {
    for (const date of ['2027-03-14', '2027-11-07']) {
      const res = slotsResponseSchema.parse(
        (await app.inject({ method: 'GET', url: `/api/v1/slots?date=${date}` })).json(),
      );
      expect(res.slots.map((slot) => slot.hour)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
      expect(res.slots.map((slot) => slot.startsAt)).toEqual(res.slots.map((slot) => at(date, slot.hour)));
    }
    const today = slotsResponseSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/v1/slots?date=2020-01-06` })).json(),
    );
    expect(today.slots.every((slot) => slot.reason === 'past')).toBe(true);
  });
});

describe('my appointments', () => {
  it('lists my own, newest first, lets me change the time and cancel (kept as cancelled), never confirm', async () => {
    const a = await customerWithProfile();
    const date = futureDate();
    const first = appointmentSchema.parse(
      (await book(a, { serviceIds: [windows], appointmentDate: at(date, 9) })).json(),
    );
    const second = appointmentSchema.parse(
      (await book(a, { serviceIds: [windows], appointmentDate: at(date, 15) })).json(),
    );
    const list = async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/appointments/my-appointments',
        headers: a.headers,
      });
      expect(res.headers['cache-control']).toBe('no-store');
      return z.array(appointmentSchema).parse(res.json());
    };
    expect((await list()).map((x) => x.appointmentId)).toEqual([second.appointmentId, first.appointmentId]);

    const put = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/appointments/customer/${first.appointmentId}`,
        headers: a.headers,
        payload,
      });
    const moved = await put({
      serviceIds: [windows, deepClean],
      appointmentDate: at(date, 17),
      comments: 'Later please',
    });
    expect(moved.statusCode).toBe(200);
    expect(appointmentSchema.parse(moved.json())).toMatchObject({
      appointmentDate: at(date, 17),
      comments: 'Later please',
      totalPrice: 384,
    });
    expect(
      (await put({ serviceIds: [windows], appointmentDate: at(date, 17), status: 'confirmed' })).statusCode,
    ).toBe(403);

    const cancelled = await app.inject({
      method: 'DELETE',
      url: `/api/v1/appointments/${first.appointmentId}`,
      headers: a.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(appointmentSchema.parse(cancelled.json())).toMatchObject({ status: 'cancelled' });
    expect((await list()).find((x) => x.appointmentId === first.appointmentId)?.status).toBe('cancelled');
    const [row] = await app.db
      .select()
      .from(appointments)
      .where(sql`${appointments.id} = ${first.appointmentId}`);
    expect(row?.cancelledByUserId).toBe(a.user.id);
    expect(row?.cancelledAt).toBeInstanceOf(Date);
  });

  it('refuses an employee deleting someone else’s appointment; an admin may', async () => {
    const a = await customerWithProfile();
    const booked = appointmentSchema.parse(
      (await book(a, { serviceIds: [windows], appointmentDate: at(futureDate(), 11) })).json(),
    );
    const employee = await customerWithProfile('employee');
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/v1/appointments/${booked.appointmentId}`,
      headers: employee.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(errorBodySchema.parse(refused.json()).message).toBe(
      'You do not have permission to delete appointments.',
    );
    const admin = await customerWithProfile('admin');
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/v1/appointments/${booked.appointmentId}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(204);
  });
});
