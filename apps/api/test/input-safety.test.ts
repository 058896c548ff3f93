import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availabilitySchema,
  customerSchema,
  errorBodySchema,
  serviceSchema,
  type ErrorBody,
} from '@eclat/shared';
import { buildTestApp } from './helpers.ts';
import { makeEmployee } from './factories.ts';
import { headersAs } from './auth.ts';

/**
 * Input that cannot reach the database malformed (issue 11, deliverable 4): each 500 found on a running
 * build, and each loose value that was stored, as a regression test. The fuzz test (`fuzz.test.ts`)
 * covers every operation; these pin the cases by name.
 */
let app: Awaited<ReturnType<typeof buildTestApp>>;
let admin: Record<string, string>;
let staff: Record<string, string>;
let serviceId = '';
let customerId = '';
let employeeId = '';

const pathsOf = (body: ErrorBody) => (body.details ?? []).map((detail) => `${detail.path}:${detail.message}`);

function expectInvalid(
  res: { statusCode: number; json: () => unknown },
  status: number,
  code: ErrorBody['code'],
) {
  expect(res.statusCode).toBe(status);
  const body = errorBodySchema.parse(res.json());
  expect(body.code).toBe(code);
  return body;
}

beforeAll(async () => {
  app = await buildTestApp();
  admin = await headersAs(app, 'admin');
  const employee = await makeEmployee(app, { firstName: 'Eve', lastName: 'Staff' });
  staff = employee.headers;
  employeeId = employee.id;
  serviceId = serviceSchema.parse(
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/services',
        headers: admin,
        payload: {
          title: 'Deep',
          description: 'Deep clean',
          pricing: 90,
          category: 'Home',
          durationMinutes: 60,
        },
      })
    ).json(),
  ).serviceId;
  customerId = customerSchema.parse(
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/customers',
        headers: admin,
        payload: { firstName: 'Ada', lastName: 'One', email: 'ada@example.com', phoneNumber: '416-555-0101' },
      })
    ).json(),
  ).customerId;
});
afterAll(async () => {
  await app.close();
});

describe('dates are real calendar values in a sane range', () => {
  it.each(['9999-12-31', '0000-00-00', '2026-02-31', '1899-12-31', '2101-01-01'])(
    'the slots of %s: 400, not 500',
    async (date) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/slots?date=${date}` });
      const body = expectInvalid(res, 400, 'VALIDATION_ERROR');
      expect(body.details?.[0]?.path).toBe('query.date');
    },
  );

  it('a booking at 9999-12-31 is refused with 400 (the visit would end in year 10000)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/appointments',
      headers: admin,
      payload: {
        customerId,
        serviceIds: [serviceId],
        appointmentDate: '9999-12-31T23:00:00Z',
        status: 'pending',
      },
    });
    const body = expectInvalid(res, 400, 'VALIDATION_ERROR');
    expect(pathsOf(body)).toEqual(['body.appointmentDate:validation.dateRange']);
  });

  it('a schedule at 9999-12-31 is refused with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/schedules',
      headers: admin,
      payload: { employeeId, assignedDate: '9999-12-31T23:00', shift: 'NIGHT' },
    });
    const body = expectInvalid(res, 400, 'VALIDATION_ERROR');
    expect(pathsOf(body)).toEqual(['body.assignedDate:validation.dateRange']);
  });

  it.each([
    ['2026-02-31junk', 'availabilities.errors.required'],
    ['2026-02-31', 'availabilities.errors.required'],
    ['0000-00-00', 'availabilities.errors.required'],
    ['1899-12-31', 'validation.dateRange'],
  ])('an availability on %s is refused, never stored as another day', async (availableDate, message) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/availabilities/my-availabilities',
      headers: staff,
      payload: { availableDate, shift: 'MORNING' },
    });
    const body = expectInvalid(res, 400, 'VALIDATION_ERROR');
    expect(pathsOf(body)).toEqual([`body.availableDate:${message}`]);
  });

  it('an availability still takes a day or a date-time whose day counts', async () => {
    for (const [availableDate, day] of [
      ['2027-02-28', '2027-02-28'],
      ['2028-02-29T10:00', '2028-02-29'],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/availabilities/my-availabilities',
        headers: staff,
        payload: { availableDate, shift: 'MORNING' },
      });
      expect(res.statusCode).toBe(201);
      expect(availabilitySchema.parse(res.json()).day).toBe(day);
    }
  });
});

describe('text', () => {
  it.each([
    ['a NUL byte', '%00', 'query.title'],
    ['a NUL byte inside a word', 'De%00ep', 'query.title'],
  ])('%s in the service search is refused with 400', async (_name, title, path) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/services/search?title=${title}` });
    const body = expectInvalid(res, 400, 'VALIDATION_ERROR');
    expect(pathsOf(body)).toEqual([`${path}:validation.text`]);
  });

  it('a NUL byte or a lone surrogate anywhere in a body is refused with its path', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/contact/send',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'Ann\u0000',
        email: 'ann@example.com',
        subject: 'Hello \ud800',
        message: 'Fine',
      }),
    });
    const body = expectInvalid(res, 400, 'VALIDATION_ERROR');
    expect(pathsOf(body).sort()).toEqual(['body.name:validation.text', 'body.subject:validation.text']);
  });

  it('a NUL byte nested in a free-form body (the customer form) is refused', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/customers/${customerId}`,
      headers: admin,
      payload: {
        firstName: 'Ada',
        lastName: 'One',
        email: 'ada@example.com',
        phoneNumber: '416-555-0101',
        companyName: 'A\u0000',
      },
    });
    const body = expectInvalid(res, 400, 'VALIDATION_ERROR');
    expect(pathsOf(body)).toEqual(['body.companyName:validation.text']);
  });

  it('accented letters and emoji (surrogate pairs) are ordinary text', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/services/search?title=${encodeURIComponent('Ménage ✨🧽')}`,
    });
    expect(res.statusCode).toBe(200);
  });

  it('an anonymous caller still gets 401 first on a secured operation', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/customers/byEmail?email=a%00@example.com' });
    expectInvalid(res, 401, 'UNAUTHENTICATED');
  });
});

describe('unique and foreign keys', () => {
  it("an admin moving a customer onto another customer's email gets 409 on body.email", async () => {
    const other = customerSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/customers',
          headers: admin,
          payload: { firstName: 'Bo', lastName: 'Two', email: 'bo@example.com', phoneNumber: '416-555-0102' },
        })
      ).json(),
    );
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/customers/${other.customerId}`,
      headers: admin,
      payload: { firstName: 'Bo', lastName: 'Two', email: 'ADA@example.com', phoneNumber: '416-555-0102' },
    });
    const body = expectInvalid(res, 409, 'CONFLICT');
    expect(pathsOf(body)).toEqual(['body.email:customers.errors.emailTaken']);
  });
});

describe('query parameters', () => {
  it.each(['', 'abc', '-1', '1.5', '1e3', '0x10'])(
    'page=%s of the appointments table is 400',
    async (page) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/appointments/paged?page=${page}`,
        headers: admin,
      });
      const body = expectInvalid(res, 400, 'VALIDATION_ERROR');
      expect(body.details?.[0]?.path).toBe('query.page');
    },
  );

  it('an empty size is 400 too; absent values take their defaults', async () => {
    expectInvalid(
      await app.inject({ method: 'GET', url: '/api/v1/appointments/paged?size=', headers: admin }),
      400,
      'VALIDATION_ERROR',
    );
    const res = await app.inject({ method: 'GET', url: '/api/v1/appointments/paged', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 0, size: 6 });
    const second = await app.inject({
      method: 'GET',
      url: '/api/v1/appointments/paged?page=1&size=2',
      headers: admin,
    });
    expect(second.json()).toMatchObject({ page: 1, size: 2 });
  });
});

describe('addresses the router cannot read', () => {
  it.each([
    ['a malformed escape', '/api/v1/employees/%ED%A0%80', 400],
    ['a 10,000-character id', `/api/v1/employees/${'a'.repeat(10_000)}`, 414],
  ])('%s gets the one error shape', async (_name, url, status) => {
    const res = await app.inject({ method: 'GET', url, headers: admin });
    expect(res.statusCode).toBe(status);
    expect(errorBodySchema.parse(res.json()).code).toBe('BAD_REQUEST');
  });
});
