import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { availabilitySchema, errorBodySchema, scheduleSchema } from '@eclat/shared';
import { eq } from 'drizzle-orm';
import { employees } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { makeEmployee } from '../../../test/factories.ts';
import { bearer, createTestUser, signAccessToken } from '../../../test/auth.ts';

let app: Awaited<ReturnType<typeof buildTestApp>>;
let admin: Record<string, string>;
let customer: Record<string, string>;

const employeeWithRecord = (firstName: string) => makeEmployee(app, { firstName, lastName: 'Staff' });

beforeAll(async () => {
  app = await buildTestApp();
  admin = bearer(await signAccessToken(app, await createTestUser(app, ['admin'])));
  customer = bearer(await signAccessToken(app, await createTestUser(app, ['customer'])));
});
afterAll(async () => {
  await app.close();
});

/** The tests' days are in 2027: the lists are asked for those (by default they start today). */
const SPRING_2027 = '?from=2027-03-01&to=2027-05-31';
const JUNE_2027 = '?from=2027-06-01&to=2027-06-30';

describe('availabilities', () => {
  it('an employee adds, lists, changes and deletes their own; the day is stored as local midnight, the shift upper-cased', async () => {
    const ana = await employeeWithRecord('Ana');
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/availabilities/my-availabilities',
      headers: ana.headers,
      payload: {
        availableDate: '2027-03-14',
        shift: 'evening',
        comments: '',
        employeeFirstName: 'Someone',
        employeeLastName: 'Else',
      },
    });
    expect(created.statusCode).toBe(201);
    const availability = availabilitySchema.parse(created.json());
    expect(availability).toMatchObject({
      day: '2027-03-14',
      shift: 'EVENING',
      employeeFirstName: 'Ana',
      employeeLastName: 'Staff',
      comments: null,
    });
    expect(availability.availableDate).toBe('2027-03-14T05:00:00.000Z'); // midnight EST

    const mine = z.array(availabilitySchema).parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/availabilities/my-availabilities${SPRING_2027}`,
          headers: ana.headers,
        })
      ).json(),
    );
    expect(mine.map((a) => a.availabilityId)).toEqual([availability.availabilityId]);

    const changed = await app.inject({
      method: 'PUT',
      url: `/api/v1/availabilities/my-availabilities/${availability.availabilityId}`,
      headers: ana.headers,
      payload: { availableDate: '2027-07-01T10:00', shift: 'MORNING', comments: 'Before noon' },
    });
    expect(availabilitySchema.parse(changed.json())).toMatchObject({
      day: '2027-07-01',
      shift: 'MORNING',
      comments: 'Before noon',
    });
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/v1/availabilities/my-availabilities/${availability.availabilityId}`,
          headers: ana.headers,
        })
      ).statusCode,
    ).toBe(204);
  });

  it('needs a date and a shift', async () => {
    const ana = await employeeWithRecord('Bea');
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/availabilities/my-availabilities',
      headers: ana.headers,
      payload: { shift: 'DAWN' },
    });
    expect(
      errorBodySchema
        .parse(res.json())
        .details?.map((d) => `${d.path}:${d.message}`)
        .sort(),
    ).toEqual([
      'body.availableDate:availabilities.errors.required',
      'body.shift:availabilities.errors.required',
    ]);
  });

  it("an employee can never change or delete another employee's availability (403), nor read it", async () => {
    const owner = await employeeWithRecord('Carl');
    const other = await employeeWithRecord('Dina');
    const availability = availabilitySchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/availabilities/my-availabilities',
          headers: owner.headers,
          payload: { availableDate: '2027-05-01', shift: 'NIGHT' },
        })
      ).json(),
    );
    const url = `/api/v1/availabilities/my-availabilities/${availability.availabilityId}`;
    expect(
      (
        await app.inject({
          method: 'PUT',
          url,
          headers: other.headers,
          payload: { availableDate: '2027-05-02', shift: 'MORNING' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/availabilities/${availability.availabilityId}`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(403);
    const othersList = z.array(availabilitySchema).parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/availabilities${SPRING_2027}`,
          headers: other.headers,
        })
      ).json(),
    );
    expect(othersList.map((a) => a.availabilityId)).not.toContain(availability.availabilityId);
    const adminList = z
      .array(availabilitySchema)
      .parse(
        (
          await app.inject({ method: 'GET', url: `/api/v1/availabilities${SPRING_2027}`, headers: admin })
        ).json(),
      );
    expect(adminList.map((a) => a.availabilityId)).toContain(availability.availabilityId);
  });

  it('are closed to customers (403) and anonymous callers (401); an employee account without a record gets a clear 403', async () => {
    for (const url of [
      '/api/v1/availabilities',
      '/api/v1/availabilities/my-availabilities',
      '/api/v1/schedules',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url, headers: customer })).statusCode).toBe(403);
    }
    const unlinked = bearer(await signAccessToken(app, await createTestUser(app, ['employee'])));
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/availabilities/my-availabilities${SPRING_2027}`,
      headers: unlinked,
    });
    expect(res.statusCode).toBe(403);
    expect(errorBodySchema.parse(res.json()).details?.[0]?.message).toBe('availabilities.errors.notEmployee');
  });
});

describe('schedules', () => {
  it('are assigned from an availability (upper-cased, PENDING by default) and each employee sees their own', async () => {
    const eva = await employeeWithRecord('Eva');
    const availability = availabilitySchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/availabilities/my-availabilities',
          headers: eva.headers,
          payload: { availableDate: '2027-06-10', shift: 'MORNING' },
        })
      ).json(),
    );
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/schedules',
      headers: admin,
      payload: {
        employeeId: eva.id,
        availabilityId: availability.availabilityId,
        assignedDate: '2027-06-10T13:00',
        shift: 'morning',
        comments: 'Office tower',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(scheduleSchema.parse(created.json())).toMatchObject({
      assignedDate: '2027-06-10T13:00:00.000Z',
      shift: 'MORNING',
      status: 'PENDING',
      employeeFirstName: 'Eva',
    });

    const other = await employeeWithRecord('Finn');
    const wrongAvailability = await app.inject({
      method: 'POST',
      url: '/api/v1/schedules',
      headers: admin,
      payload: {
        employeeId: other.id,
        availabilityId: availability.availabilityId,
        assignedDate: '2027-06-10T13:00',
        shift: 'MORNING',
      },
    });
    expect(wrongAvailability.statusCode).toBe(400);

    const evas = z
      .array(scheduleSchema)
      .parse(
        (
          await app.inject({ method: 'GET', url: `/api/v1/schedules${JUNE_2027}`, headers: eva.headers })
        ).json(),
      );
    expect(evas.map((s) => s.comments)).toEqual(['Office tower']);
    expect(
      z
        .array(scheduleSchema)
        .parse(
          (
            await app.inject({ method: 'GET', url: `/api/v1/schedules${JUNE_2027}`, headers: other.headers })
          ).json(),
        ),
    ).toEqual([]);
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/schedules', headers: customer, payload: {} }))
        .statusCode,
    ).toBe(403);
  });

  it('an employee assigns only their own shifts and only as PENDING; an admin approves, changes and deletes any', async () => {
    const gil = await employeeWithRecord('Gil');
    const hal = await employeeWithRecord('Hal');
    const post = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/v1/schedules', headers, payload });
    const base = { assignedDate: '2027-08-02T12:00', shift: 'EVENING' };

    const own = await post(gil.headers, { ...base, employeeId: gil.id });
    expect(own.statusCode).toBe(201);
    const schedule = scheduleSchema.parse(own.json());
    expect(schedule.status).toBe('PENDING');

    const forOther = await post(gil.headers, { ...base, employeeId: hal.id });
    expect(forOther.statusCode).toBe(403);
    expect(errorBodySchema.parse(forOther.json()).details?.[0]?.message).toBe('schedules.errors.notYours');
    const approveSelf = await post(gil.headers, { ...base, employeeId: gil.id, status: 'approved' });
    expect(approveSelf.statusCode).toBe(403);
    expect(errorBodySchema.parse(approveSelf.json()).details?.[0]?.message).toBe(
      'schedules.errors.statusAdminOnly',
    );

    const url = `/api/v1/schedules/${schedule.scheduleId}`;
    // Read: the employee their own, another employee 403, the admin any, customers 403, anonymous 401.
    expect((await app.inject({ method: 'GET', url, headers: gil.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url, headers: hal.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url, headers: customer })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const change = {
      assignedDate: '2027-08-03T13:30',
      shift: 'night',
      status: 'approved',
      comments: ' Lobby ',
    };
    for (const headers of [gil.headers, customer]) {
      expect((await app.inject({ method: 'PUT', url, headers, payload: change })).statusCode).toBe(403);
    }
    const changed = await app.inject({ method: 'PUT', url, headers: admin, payload: change });
    expect(changed.statusCode).toBe(200);
    expect(scheduleSchema.parse(changed.json())).toMatchObject({
      assignedDate: '2027-08-03T13:30:00.000Z',
      shift: 'NIGHT',
      status: 'APPROVED',
      comments: 'Lobby',
      employeeFirstName: 'Gil',
    });
    expect(
      (await app.inject({ method: 'PUT', url, headers: admin, payload: { ...change, status: 'maybe' } }))
        .statusCode,
    ).toBe(400);

    for (const headers of [gil.headers, customer]) {
      expect((await app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(404);
  });
});

describe('admin and availabilities', () => {
  it("an admin deletes anyone's availability (shifts assigned from it stay); employees and customers cannot", async () => {
    const ivo = await employeeWithRecord('Ivo');
    const other = await employeeWithRecord('Jan');
    const availability = availabilitySchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/availabilities/my-availabilities',
          headers: ivo.headers,
          payload: { availableDate: '2027-09-01', shift: 'MORNING' },
        })
      ).json(),
    );
    const schedule = scheduleSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/schedules',
          headers: admin,
          payload: {
            employeeId: ivo.id,
            availabilityId: availability.availabilityId,
            assignedDate: '2027-09-01T12:00',
            shift: 'MORNING',
          },
        })
      ).json(),
    );
    const url = `/api/v1/availabilities/${availability.availabilityId}`;
    for (const headers of [ivo.headers, other.headers, customer]) {
      expect((await app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(404);
    const kept = await app.inject({
      method: 'GET',
      url: `/api/v1/schedules/${schedule.scheduleId}`,
      headers: admin,
    });
    expect(scheduleSchema.parse(kept.json()).availabilityId).toBeNull();
  });

  it('an employee record added before its account is linked by email when that person first asks', async () => {
    const user = await createTestUser(app, ['employee']);
    await app.db.insert(employees).values({
      firstName: 'Kim',
      lastName: 'Later',
      email: user.email.toUpperCase(),
      phoneNumber: '416-555-0151',
      role: 'Cleaner',
    });
    const headers = bearer(await signAccessToken(app, user));
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/availabilities/my-availabilities',
      headers,
      payload: { availableDate: '2027-09-02', shift: 'NIGHT' },
    });
    expect(res.statusCode).toBe(201);
    expect(availabilitySchema.parse(res.json()).employeeFirstName).toBe('Kim');
    const [record] = await app.db.select().from(employees).where(eq(employees.firstName, 'Kim'));
    expect(record?.userId).toBe(user.id);
  });
});
