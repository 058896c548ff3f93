import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  appointmentSchema,
  assignmentSchema,
  customerSchema,
  errorBodySchema,
  jobSchema,
} from '@eclat/shared';
import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema/index.ts';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { makeEmployee, makeService } from '../../../test/factories.ts';
import { bearer, createTestUser, signAccessToken } from '../../../test/auth.ts';

const TZ = 'America/Toronto';
let app: Awaited<ReturnType<typeof buildTestApp>>;
let admin: Record<string, string>;
let customer: Record<string, string>;
let ownerId: string;
let serviceId: string;

/** An employee account with its employee record. */
const employeeWithRecord = (firstName: string, isActive = true) => makeEmployee(app, { firstName, isActive });

const day = (offset: number) => {
  const base = new Date(`${todayIn(TZ)}T12:00:00Z`);
  base.setUTCDate(base.getUTCDate() + offset);
  return base.toISOString().slice(0, 10);
};
const at = (date: string, hour: number) => fromLocal(date, hour, 0, TZ).toISOString();

/** An appointment (one 60-minute service, so one hour long) added by the admin. */
async function appointmentAt(date: string, hour: number, customerId = ownerId) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/appointments',
    headers: admin,
    payload: { customerId, serviceIds: [serviceId], appointmentDate: at(date, hour), status: 'confirmed' },
  });
  expect(res.statusCode).toBe(201);
  return appointmentSchema.parse(res.json());
}

const assign = (appointmentId: string, employeeIds: string[], headers = admin) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/appointments/${appointmentId}/assignments`,
    headers,
    payload: { employeeIds },
  });

// The next two months (the default is this week and the next; the tests' visits are a month ahead).
const jobsOf = async (headers: Record<string, string>, query = `?from=${day(0)}&to=${day(60)}`) =>
  z
    .array(jobSchema)
    .parse((await app.inject({ method: 'GET', url: `/api/v1/schedules/jobs${query}`, headers })).json());

beforeAll(async () => {
  app = await buildTestApp({ SLOT_CAPACITY: '5' });
  admin = bearer(await signAccessToken(app, await createTestUser(app, ['admin'])));
  customer = bearer(await signAccessToken(app, await createTestUser(app, ['customer'])));
  serviceId = await makeService(app, {
    title: 'Deep Clean',
    description: 'd',
    pricing: 150,
    category: 'Residential',
  });
  ownerId = customerSchema.parse(
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/customers',
        headers: admin,
        payload: {
          firstName: 'Olive',
          lastName: 'Owner',
          email: 'olive@example.com',
          phoneNumber: '416-555-0111',
        },
      })
    ).json(),
  ).customerId;
});
afterAll(async () => {
  await app.close();
});

describe('assigning employees to an appointment', () => {
  it('an admin sets the team; staff read it; the jobs show on each employee’s schedule with times and location', async () => {
    const ana = await employeeWithRecord('Ana');
    const ben = await employeeWithRecord('Ben');
    const appointment = await appointmentAt(day(30), 10);

    const set = await assign(appointment.appointmentId, [ben.id, ana.id, ana.id]);
    expect(set.statusCode).toBe(200);
    expect(
      z
        .array(assignmentSchema)
        .parse(set.json())
        .map((a) => a.employeeFirstName),
    ).toEqual(['Ana', 'Ben']);

    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/appointments/${appointment.appointmentId}/assignments`,
      headers: ana.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(z.array(assignmentSchema).parse(read.json())).toHaveLength(2);

    const anasJobs = await jobsOf(ana.headers);
    expect(anasJobs).toEqual([
      expect.objectContaining({
        id: `${appointment.appointmentId}:${ana.id}`,
        employeeId: ana.id,
        serviceId,
        services: 'Deep Clean',
        customerId: ownerId,
        customerFirstName: 'Olive',
        startTime: appointment.appointmentDate,
        endTime: appointment.endsAt,
        status: 'confirmed',
      }),
    ]);
    // The admin sees everyone's jobs.
    const all = await jobsOf(admin);
    expect(
      all
        .filter((job) => job.appointmentId === appointment.appointmentId)
        .map((job) => job.employeeId)
        .sort(),
    ).toEqual([ana.id, ben.id].sort());
    // `from` keeps the jobs starting that day or later.
    expect(await jobsOf(ana.headers, `?from=${day(31)}`)).toEqual([]);
    expect(await jobsOf(ana.headers, `?from=${day(30)}`)).toHaveLength(1);

    // Removing one keeps the other; an empty list clears the team.
    expect(
      z.array(assignmentSchema).parse((await assign(appointment.appointmentId, [ben.id])).json()),
    ).toHaveLength(1);
    expect(await jobsOf(ana.headers)).toEqual([]);
    expect((await assign(appointment.appointmentId, [])).json()).toEqual([]);
  });

  it('never gives an employee two overlapping jobs or a job inside the travel buffer, even when two admins assign at the same moment', async () => {
    const cleo = await employeeWithRecord('Cleo');
    const date = day(31);
    const first = await appointmentAt(date, 10); // 10:00-11:00
    const overlapping = await appointmentAt(date, 10);
    const adjacent = await appointmentAt(date, 11); // 11:00-12:00: touches, inside the 30-minute buffer
    const afterBuffer = await appointmentAt(date, 12); // 12:00-13:00: an hour later, past the buffer

    expect((await assign(first.appointmentId, [cleo.id])).statusCode).toBe(200);
    const clash = await assign(overlapping.appointmentId, [cleo.id]);
    expect(clash.statusCode).toBe(409);
    expect(errorBodySchema.parse(clash.json())).toMatchObject({
      code: 'CONFLICT',
      details: [{ path: 'employeeIds.0', message: 'assignments.errors.overlap' }],
    });
    const tooClose = await assign(adjacent.appointmentId, [cleo.id]);
    expect(tooClose.statusCode).toBe(409);
    expect(errorBodySchema.parse(tooClose.json()).details?.[0]?.message).toBe('assignments.errors.overlap');
    expect((await assign(afterBuffer.appointmentId, [cleo.id])).statusCode).toBe(200);

    // Re-saving the same team on the first appointment does not clash with itself.
    expect((await assign(first.appointmentId, [cleo.id])).statusCode).toBe(200);

    // A cancelled appointment frees the employee.
    const cancel = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/${first.appointmentId}`,
      headers: admin,
      payload: {
        customerId: ownerId,
        serviceIds: [serviceId],
        appointmentDate: first.appointmentDate,
        status: 'cancelled',
      },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await assign(overlapping.appointmentId, [cleo.id])).statusCode).toBe(200);

    // Race: 6 overlapping appointments, the same employee assigned to all at once: exactly one wins.
    const dan = await employeeWithRecord('Dan');
    const racing = await Promise.all([0, 1, 2, 3, 4].map(() => appointmentAt(day(32), 14)));
    const results = await Promise.all(racing.map((a) => assign(a.appointmentId, [dan.id])));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await jobsOf(dan.headers)).toHaveLength(1);
  });

  it('refuses unknown and inactive employees, and cancelled appointments', async () => {
    const gone = await employeeWithRecord('Gus', false);
    const appointment = await appointmentAt(day(33), 9);
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const res = await assign(appointment.appointmentId, [unknownId, gone.id]);
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).details).toEqual([
      { path: 'body.employeeIds.0', message: 'assignments.errors.employee' },
      { path: 'body.employeeIds.1', message: 'assignments.errors.inactive' },
    ]);
    expect((await assign('00000000-0000-4000-8000-000000000001', [])).statusCode).toBe(404);

    const active = await employeeWithRecord('Hana');
    await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/${appointment.appointmentId}`,
      headers: admin,
      payload: {
        customerId: ownerId,
        serviceIds: [serviceId],
        appointmentDate: appointment.appointmentDate,
        status: 'cancelled',
      },
    });
    const onCancelled = await assign(appointment.appointmentId, [active.id]);
    expect(onCancelled.statusCode).toBe(409);
    expect(errorBodySchema.parse(onCancelled.json()).details?.[0]?.message).toBe(
      'assignments.errors.cancelled',
    );
  });

  it('an admin cannot move an appointment onto another job of its team; a customer who moves theirs frees the busy employees', async () => {
    const ivy = await employeeWithRecord('Ivy');
    const date = day(34);
    const morning = await appointmentAt(date, 9);
    const later = await appointmentAt(date, 13);
    expect((await assign(morning.appointmentId, [ivy.id])).statusCode).toBe(200);
    expect((await assign(later.appointmentId, [ivy.id])).statusCode).toBe(200);

    const moved = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/${later.appointmentId}`,
      headers: admin,
      payload: {
        customerId: ownerId,
        serviceIds: [serviceId],
        appointmentDate: at(date, 9),
        status: 'confirmed',
      },
    });
    expect(moved.statusCode).toBe(409);
    expect(errorBodySchema.parse(moved.json()).details).toEqual([
      { path: 'body.appointmentDate', message: 'assignments.errors.rescheduleOverlap' },
    ]);

    // A customer's own appointment, assigned to Ivy at 15:00; the customer moves it onto Ivy's 9:00 job.
    const user = await createTestUser(app, ['customer']);
    const own = bearer(await signAccessToken(app, user));
    const profile = customerSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/customers/me',
          headers: own,
          payload: {
            firstName: 'Cam',
            lastName: 'Client',
            phoneNumber: '416-555-0122',
            address: '12 King Street',
          },
        })
      ).json(),
    );
    const theirs = await appointmentAt(date, 15, profile.customerId);
    expect((await assign(theirs.appointmentId, [ivy.id])).statusCode).toBe(200);
    const rescheduled = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/customer/${theirs.appointmentId}`,
      headers: own,
      payload: { serviceIds: [serviceId], appointmentDate: at(date, 9) },
    });
    expect(rescheduled.statusCode).toBe(200);
    const team = await app.inject({
      method: 'GET',
      url: `/api/v1/appointments/${theirs.appointmentId}/assignments`,
      headers: admin,
    });
    expect(team.json()).toEqual([]);
    expect((await jobsOf(ivy.headers)).map((job) => job.appointmentId).sort()).toEqual(
      [morning.appointmentId, later.appointmentId].sort(),
    );
  });

  it('a team change and a reschedule at the same moment never leave an employee on two jobs at once', async () => {
    const date = day(36);
    for (let round = 0; round < 4; round += 1) {
      const kim = await employeeWithRecord(`Kim${round}`);
      const busy = await appointmentAt(date, 9 + round * 2); // Kim's job at this hour
      const moving = await appointmentAt(date, 10 + round * 2);
      expect((await assign(busy.appointmentId, [kim.id])).statusCode).toBe(200);
      // At once: Kim joins `moving`, and `moving` moves onto Kim's other job.
      const [joined, moved] = await Promise.all([
        assign(moving.appointmentId, [kim.id]),
        app.inject({
          method: 'PUT',
          url: `/api/v1/appointments/${moving.appointmentId}`,
          headers: admin,
          payload: {
            customerId: ownerId,
            serviceIds: [serviceId],
            appointmentDate: at(date, 9 + round * 2),
            status: 'confirmed',
          },
        }),
      ]);
      // Whichever ran first, the second saw it: never both.
      expect([joined.statusCode, moved.statusCode].sort()).toEqual([200, 409]);
      const jobs = await jobsOf(kim.headers);
      for (const [index, job] of jobs.entries()) {
        for (const other of jobs.slice(index + 1)) {
          expect(job.startTime < other.endTime && other.startTime < job.endTime).toBe(false);
        }
      }
    }
  });

  it('an admin moving an appointment to another customer takes their address; reinstating clears the cancellation', async () => {
    const other = customerSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/customers',
          headers: admin,
          payload: {
            firstName: 'Otto',
            lastName: 'Other',
            email: 'otto@example.com',
            phoneNumber: '416-555-0112',
          },
        })
      ).json(),
    );
    const appointment = await appointmentAt(day(37), 9);
    const put = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/appointments/${appointment.appointmentId}`,
        headers: admin,
        payload: { serviceIds: [serviceId], appointmentDate: appointment.appointmentDate, ...payload },
      });
    const cancelled = appointmentSchema.parse(
      (await put({ customerId: ownerId, status: 'cancelled' })).json(),
    );
    expect(cancelled.cancelledAt).not.toBeNull();
    const reinstated = appointmentSchema.parse(
      (await put({ customerId: ownerId, status: 'confirmed' })).json(),
    );
    expect(reinstated.cancelledAt).toBeNull();

    await app.db.update(customers).set({ address: '5 Elm Street' }).where(eq(customers.id, other.customerId));
    const moved = appointmentSchema.parse(
      (await put({ customerId: other.customerId, status: 'confirmed' })).json(),
    );
    expect(moved).toMatchObject({ customerFirstName: 'Otto', address: '5 Elm Street' });
  });

  it('is for staff to read and admins to change: customers and employees get 403, anonymous callers 401', async () => {
    const jo = await employeeWithRecord('Jo');
    const appointment = await appointmentAt(day(35), 16);
    const url = `/api/v1/appointments/${appointment.appointmentId}/assignments`;
    expect((await assign(appointment.appointmentId, [jo.id], jo.headers)).statusCode).toBe(403);
    expect((await assign(appointment.appointmentId, [jo.id], customer)).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url, payload: { employeeIds: [] } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url, headers: customer })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);

    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/schedules/jobs', headers: customer })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/schedules/jobs' })).statusCode).toBe(401);
    // An employee account without an employee record: a clear 403.
    const unlinked = bearer(await signAccessToken(app, await createTestUser(app, ['employee'])));
    const res = await app.inject({ method: 'GET', url: '/api/v1/schedules/jobs', headers: unlinked });
    expect(res.statusCode).toBe(403);
    expect(errorBodySchema.parse(res.json()).details?.[0]?.message).toBe('availabilities.errors.notEmployee');
  });
});
