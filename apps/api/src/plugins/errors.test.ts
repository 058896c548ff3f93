import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '@eclat/shared';
import { buildTestApp } from '../../test/helpers.ts';
import { AppError } from '../lib/app-error.ts';

let app: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  app = await buildTestApp();
  // Routes that exist only in this test, to exercise the one error handler.
  app.post(
    '/api/v1/test/echo',
    {
      schema: {
        body: z.object({ title: z.string().min(1), stars: z.number().int().min(1).max(5) }),
        querystring: z.object({ page: z.coerce.number().int().min(0).optional() }),
      },
    },
    (request) => request.body,
  );
  app.get('/api/v1/test/boom', () => {
    throw new Error('connection to 10.0.0.7 failed: password authentication failed for user "secret"');
  });
  app.get('/api/v1/test/conflict', () => {
    throw new AppError('SLOT_FULL', 'That time is fully booked.');
  });
  // Real statements PostgreSQL refuses, as a handler that forgot a check would run them.
  const statements = {
    'bad-uuid': () => app.db.execute(sql`select ${'abc'}::uuid`),
    'datetime-overflow': () => app.db.execute(sql`select ${'294277-01-01'}::timestamptz`),
    'check-violation': () =>
      app.db.execute(
        sql`insert into services (title, description, pricing, category, duration_minutes) values ('t', 'd', -1, 'c', 60)`,
      ),
    'duplicate-email': async () => {
      for (let i = 0; i < 2; i += 1) {
        await app.db.execute(
          sql`insert into customers (first_name, last_name, email, phone_number) values ('A', 'B', 'Same@example.com', '416-555-0100')`,
        );
      }
    },
    'duplicate-generic': async () => {
      const user = randomUUID();
      await app.db.execute(sql`insert into users (id, email) values (${user}, ${`${user}@example.com`})`);
      for (const email of ['one@example.com', 'two@example.com']) {
        await app.db.execute(
          sql`insert into customers (first_name, last_name, email, phone_number, user_id) values ('A', 'B', ${email}, '416-555-0100', ${user})`,
        );
      }
    },
    'missing-parent': () =>
      app.db.execute(
        sql`insert into availabilities (employee_id, available_date, shift) values (${randomUUID()}, now(), 'MORNING')`,
      ),
    'still-referenced': async () => {
      const result = await app.db.execute<{ id: string }>(
        sql`insert into customers (first_name, last_name, email, phone_number) values ('C', 'D', 'kept@example.com', '416-555-0100') returning id`,
      );
      const customerId = result.rows[0]?.id;
      await app.db.execute(
        sql`insert into appointments (customer_id, customer_first_name, customer_last_name, appointment_date, ends_at, total_price) values (${customerId}, 'C', 'D', now(), now() + interval '1 hour', 0)`,
      );
      await app.db.execute(sql`delete from customers where id = ${customerId}`);
    },
  };
  app.get('/api/v1/test/db/:statement', async (request) => {
    const { statement } = request.params as { statement: keyof typeof statements };
    await statements[statement]();
    return { ran: statement };
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('the error model', () => {
  it('lists every invalid field of a request', async () => {
    const bodyRes = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload: { title: '', stars: 9 },
    });
    expect(bodyRes.statusCode).toBe(400);
    const bodyErrors = errorBodySchema.parse(bodyRes.json());
    expect(bodyErrors.code).toBe('VALIDATION_ERROR');
    expect(bodyErrors.details?.map((d) => d.path).sort()).toEqual(['body.stars', 'body.title']);

    const queryRes = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo?page=-1',
      payload: { title: 'Deep clean', stars: 5 },
    });
    expect(queryRes.statusCode).toBe(400);
    expect(errorBodySchema.parse(queryRes.json()).details?.map((d) => d.path)).toEqual(['query.page']);
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).code).toBe('BAD_REQUEST');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(errorBodySchema.parse(res.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('hides the internals of a server error', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = errorBodySchema.parse(res.json());
    expect(body).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again later.',
    });
    expect(res.body).not.toContain('10.0.0.7');
    expect(res.body).not.toContain('secret');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('gives an application error its own status and code', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'SLOT_FULL', message: 'That time is fully booked.' });
  });

  it('answers an unknown API path with a 404 in the same shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json()).code).toBe('NOT_FOUND');
  });

  it('echoes a sane incoming request id and replaces a hostile one', async () => {
    const ok = await app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(ok.headers['x-request-id']).toBe('abc-123');
    const bad = await app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'a b\n<script>' },
    });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('what PostgreSQL refuses is never a 500', () => {
  it.each([
    ['bad-uuid', 400, 'BAD_REQUEST', undefined],
    ['datetime-overflow', 400, 'BAD_REQUEST', undefined],
    ['check-violation', 400, 'BAD_REQUEST', undefined],
    ['duplicate-email', 409, 'CONFLICT', 'body.email:customers.errors.emailTaken'],
    ['duplicate-generic', 409, 'CONFLICT', undefined],
    ['missing-parent', 409, 'CONFLICT', undefined],
    ['still-referenced', 409, 'CONFLICT', 'params.customerId:customers.errors.hasAppointments'],
  ])('%s: %i %s', async (statement, status, code, detail) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/test/db/${statement}` });
    expect(res.statusCode).toBe(status);
    const body = errorBodySchema.parse(res.json());
    expect(body.code).toBe(code);
    expect(body.details?.map((d) => `${d.path}:${d.message}`)).toEqual(detail ? [detail] : undefined);
    // Nothing of the statement or of the database reaches the client.
    expect(body.message).not.toMatch(/insert|select|delete|uuid|violates|Key \(|constraint/i);
  });
});
