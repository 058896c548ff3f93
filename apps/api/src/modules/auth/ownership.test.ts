import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentSchema, customerSchema, employeeSchema } from '@eclat/shared';
import { z } from 'zod';
import { customers, employees } from '../../db/schema/index.ts';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { makeService } from '../../../test/factories.ts';
import { bearer, createTestUser, signAccessToken, TEST_PASSWORD } from '../../../test/auth.ts';
import { markEmailVerified } from './email-verification.ts';

/**
 * The takeover of issue 11: an account signed up with the email of a record an admin made must not see or
 * touch that record until it proves the address; then it owns it by the one ownership rule (decision 010).
 */
let app: Awaited<ReturnType<typeof buildTestApp>>;
let serviceId = '';
let adminHeaders: Record<string, string> = {};

beforeAll(async () => {
  app = await buildTestApp();
  serviceId = await makeService(app, {
    title: 'Window Washing',
    description: 'w',
    pricing: 95,
    category: 'Residential',
  });
  const admin = await createTestUser(app, ['admin']);
  adminHeaders = bearer(await signAccessToken(app, admin, { permissions: ['admin'] }));
});
afterAll(async () => {
  await app.close();
});

let day = 0;
/** A new business-local hour on a future day for each booking. */
function nextStart(): string {
  day += 1;
  const base = new Date(`${todayIn('America/Toronto')}T12:00:00Z`);
  base.setUTCDate(base.getUTCDate() + 20 + day);
  return fromLocal(base.toISOString().slice(0, 10), 10, 0, 'America/Toronto').toISOString();
}
const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function adminMadeCustomer(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/customers',
    headers: adminHeaders,
    payload: { firstName: 'Rose', lastName: 'Tremblay', email, phoneNumber: '514-555-0188', companyName: '' },
  });
  expect(res.statusCode).toBe(201);
  return customerSchema.parse(res.json());
}

function book(headers: Record<string, string>, customerId: string, comments?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/appointments/customers/${customerId}`,
    headers,
    payload: { serviceIds: [serviceId], appointmentDate: nextStart(), ...(comments ? { comments } : {}) },
  });
}

async function accountWith(email: string, verified: boolean, role: 'customer' | 'employee' = 'customer') {
  const user = await createTestUser(app, [role], TEST_PASSWORD, { email, verified });
  return { user, headers: bearer(await signAccessToken(app, user, { permissions: [role] })) };
}

const errorCode = (res: { json(): unknown }) => z.object({ code: z.string() }).parse(res.json()).code;

describe('a customer record an admin made, and an account signed up with its email', () => {
  it('shows the unverified account none of it and lets it change nothing; once verified, it owns it', async () => {
    const email = unique('rose');
    const record = await adminMadeCustomer(email);
    const booked = await book(adminHeaders, record.customerId, 'Door code 4821#');
    expect(booked.statusCode).toBe(201);
    const appointment = appointmentSchema.parse(booked.json());

    const intruder = await accountWith(email.toUpperCase(), false);
    const { headers } = intruder;
    const byEmail = await app.inject({
      method: 'GET',
      url: `/api/v1/customers/byEmail?email=${encodeURIComponent(email)}`,
      headers,
    });
    expect(byEmail.statusCode).toBe(404);
    expect(byEmail.body).not.toContain('514-555-0188');
    const mine = await app.inject({ method: 'GET', url: '/api/v1/appointments/my-appointments', headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([]);

    const bookFor = await book(headers, record.customerId);
    expect(bookFor.statusCode).toBe(403);
    expect(errorCode(bookFor)).toBe('EMAIL_NOT_VERIFIED');
    const readOne = await app.inject({
      method: 'GET',
      url: `/api/v1/appointments/${appointment.appointmentId}`,
      headers,
    });
    expect(readOne.statusCode).toBe(403);
    expect(readOne.body).not.toContain('Door code');
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/v1/customers/${record.customerId}`,
      headers,
      payload: {
        firstName: 'Eve',
        lastName: 'Intruder',
        phoneNumber: '514-555-0000',
        address: '1 Elsewhere',
      },
    });
    expect(edit.statusCode).toBe(403);
    const change = await app.inject({
      method: 'PUT',
      url: `/api/v1/appointments/customer/${appointment.appointmentId}`,
      headers,
      payload: { status: 'cancelled', serviceIds: [serviceId], appointmentDate: appointment.appointmentDate },
    });
    expect(change.statusCode).toBe(403);
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/api/v1/appointments/${appointment.appointmentId}`,
      headers,
    });
    expect(cancel.statusCode).toBe(403);
    const create = await app.inject({
      method: 'POST',
      url: '/api/v1/customers/me',
      headers,
      payload: {
        firstName: 'Eve',
        lastName: 'Intruder',
        phoneNumber: '514-555-0000',
        address: '1 Elsewhere',
      },
    });
    expect(create.statusCode).toBe(403);
    expect(errorCode(create)).toBe('EMAIL_NOT_VERIFIED');

    // Nothing was linked or changed by any of it.
    const [row] = await app.db.select().from(customers).where(eq(customers.id, record.customerId));
    expect(row?.userId).toBeNull();
    expect(row?.firstName).toBe('Rose');
    const still = await app.inject({
      method: 'GET',
      url: `/api/v1/customers/${record.customerId}`,
      headers: adminHeaders,
    });
    expect(still.json()).toMatchObject({ firstName: 'Rose' });

    // The owner proves the address: the first act may be a booking, without reading the profile first.
    await markEmailVerified(app.db, intruder.user.id);
    const ownBooking = await book(headers, record.customerId);
    expect(ownBooking.statusCode).toBe(201);
    const [linked] = await app.db.select().from(customers).where(eq(customers.id, record.customerId));
    expect(linked?.userId).toBe(intruder.user.id);
    const profile = await app.inject({
      method: 'GET',
      url: `/api/v1/customers/byEmail?email=${encodeURIComponent(email)}`,
      headers,
    });
    expect(profile.statusCode).toBe(200);
    expect(customerSchema.parse(profile.json()).customerId).toBe(record.customerId);
    const listed = z
      .array(appointmentSchema)
      .parse(
        (await app.inject({ method: 'GET', url: '/api/v1/appointments/my-appointments', headers })).json(),
      );
    expect(listed.map((a) => a.comments)).toContain('Door code 4821#');
    // One of them by its id (the edit page of My Appointments reads it so, however far back it is).
    const one = await app.inject({
      method: 'GET',
      url: `/api/v1/appointments/${appointment.appointmentId}`,
      headers,
    });
    expect(one.statusCode).toBe(200);
    expect(appointmentSchema.parse(one.json()).comments).toBe('Door code 4821#');
    const cancelled = await app.inject({
      method: 'DELETE',
      url: `/api/v1/appointments/${appointment.appointmentId}`,
      headers,
    });
    expect(cancelled.statusCode).toBe(200);
  });

  it('links the record once however many first uses run in parallel', async () => {
    const email = unique('parallel');
    const record = await adminMadeCustomer(email);
    const { user, headers } = await accountWith(email, true);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        app.inject({
          method: 'GET',
          url: `/api/v1/customers/byEmail?email=${encodeURIComponent(email)}`,
          headers,
        }),
      ),
      ...Array.from({ length: 2 }, () => book(headers, record.customerId)),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 201, 201]);
    const [row] = await app.db.select().from(customers).where(eq(customers.id, record.customerId));
    expect(row?.userId).toBe(user.id);
  });

  it('lets a verified customer book only for their own record; an admin books for anyone', async () => {
    const owner = await accountWith(unique('owner'), true);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/customers/me',
      headers: owner.headers,
      payload: {
        firstName: 'Ana',
        lastName: 'Lopez',
        phoneNumber: '416-555-0123',
        address: '12 Rue Sainte Catherine',
      },
    });
    expect(created.statusCode).toBe(201);
    const own = customerSchema.parse(created.json());
    const other = await adminMadeCustomer(unique('other'));
    expect((await book(owner.headers, own.customerId)).statusCode).toBe(201);
    const refused = await book(owner.headers, other.customerId);
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('FORBIDDEN');
    expect((await book(adminHeaders, other.customerId)).statusCode).toBe(201);
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/v1/appointments/customers/${own.customerId}`,
      payload: { serviceIds: [serviceId], appointmentDate: nextStart() },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('feedback needs a verified email', () => {
  const leave = (headers?: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/feedbacks',
      ...(headers ? { headers } : {}),
      payload: { stars: 5, content: 'Spotless, thank you!' },
    });

  it('is refused to an unverified account and anonymous callers, accepted from a verified one', async () => {
    const unverified = await accountWith(unique('fb-unverified'), false);
    const refused = await leave(unverified.headers);
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('EMAIL_NOT_VERIFIED');
    expect((await leave()).statusCode).toBe(401);
    const verified = await accountWith(unique('fb-verified'), true);
    expect((await leave(verified.headers)).statusCode).toBe(201);
  });

  it('is not tied to an admin-made record of the same email until that email is verified', async () => {
    const email = unique('fb-record');
    const record = await adminMadeCustomer(email);
    const account = await accountWith(email, true);
    const res = await leave(account.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ customerId: record.customerId });
  });
});

describe('an employee record an admin made, and an account with its email', () => {
  async function adminMadeEmployee(email: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/employees',
      headers: adminHeaders,
      payload: { firstName: 'Émile', lastName: 'Roy', email, phoneNumber: '416-555-0177', role: 'Cleaner' },
    });
    expect(res.statusCode).toBe(201);
    return employeeSchema.parse(res.json());
  }
  const myAvailabilities = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/v1/availabilities/my-availabilities', headers });

  it('is not the unverified account’s; once verified, it is', async () => {
    const email = unique('emile');
    const record = await adminMadeEmployee(email);
    const account = await accountWith(email, false, 'employee');
    const refused = await myAvailabilities(account.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ details: [{ message: 'availabilities.errors.notEmployee' }] });
    const [unlinked] = await app.db.select().from(employees).where(eq(employees.id, record.employeeId));
    expect(unlinked?.userId).toBeNull();

    await markEmailVerified(app.db, account.user.id);
    expect((await myAvailabilities(account.headers)).statusCode).toBe(200);
    const [linked] = await app.db.select().from(employees).where(eq(employees.id, record.employeeId));
    expect(linked?.userId).toBe(account.user.id);
  });

  it('is linked at creation to an existing account only when that account verified its email', async () => {
    const unverified = await accountWith(unique('late-unverified'), false, 'employee');
    const verified = await accountWith(unique('late-verified'), true, 'employee');
    const a = await adminMadeEmployee(unverified.user.email);
    const b = await adminMadeEmployee(verified.user.email);
    const rows = await app.db.select().from(employees);
    expect(rows.find((row) => row.id === a.employeeId)?.userId).toBeNull();
    expect(rows.find((row) => row.id === b.employeeId)?.userId).toBe(verified.user.id);
    expect((await myAvailabilities(unverified.headers)).statusCode).toBe(403);
  });
});
