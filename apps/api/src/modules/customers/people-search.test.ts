import { beforeAll, describe, expect, it } from 'vitest';
import { authUserSchema, customerSchema, errorBodySchema, type Permission } from '@eclat/shared';
import { createUser } from '../auth/accounts.repository.ts';
import { headersAs } from '../../../test/auth.ts';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeCustomerRecord } from '../../../test/factories.ts';

/**
 * Issue 18, decision 024: the admin's customers and user accounts are searched on the server (`?q=`,
 * every word, any case, accents ignored) and read a keyset page at a time in name order, the next page
 * in the `Link` header; bad parameters are a 400 with a stable code; only an admin may list them.
 */
let app: TestApp;
useTestApp((built) => {
  app = built;
});

const headers: Partial<Record<Permission, Record<string, string>>> = {};
const admin = () => headers.admin ?? {};

/** 7 named customers (accents, a company) and 60 numbered ones. */
const NAMED = [
  ['Amélie', 'Poulain', 'amelie@example.com', null],
  ['Zoé', 'Lefèvre', 'zoe.l@example.com', 'Ménage Éclair'],
  ['Éric', 'Durand', 'eric@example.com', null],
  ['Chloé', 'Martin', 'chloe@example.com', 'Propre Inc'],
  ['Noël', 'Dupont', 'noel@example.com', null],
  ['Percent', 'Sign', 'half%off@example.com', null],
  ['Under', 'Score', 'snake_case@example.com', null],
] as const;

beforeAll(async () => {
  for (const role of ['admin', 'employee', 'customer'] as const) headers[role] = await headersAs(app, role);
  for (const [firstName, lastName, email, companyName] of NAMED)
    await makeCustomerRecord(app, { firstName, lastName, email, companyName, phoneNumber: '416-555-0100' });
  for (let n = 1; n <= 60; n += 1) {
    await makeCustomerRecord(app, {
      firstName: 'Numbered',
      lastName: `Client${String(n).padStart(3, '0')}`,
      email: `numbered${n}@example.com`,
      phoneNumber: '416-555-0100',
    });
  }
  for (let n = 1; n <= 60; n += 1) {
    await createUser(app.db, {
      email: `account${String(n).padStart(3, '0')}@example.com`,
      passwordHash: null,
      firstName: n === 7 ? 'Hélène' : 'Acc',
      lastName: 'Ount',
    });
  }
});

const get = (url: string, as: Record<string, string> = admin()) =>
  app.inject({ method: 'GET', url, headers: as });
const nextOf = (link: unknown) =>
  typeof link === 'string' ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;

/** Follows the Link headers to the end: every page's rows, in order. */
async function walk<T>(url: string, parse: (body: unknown) => T[]) {
  const pages: T[][] = [];
  let next: string | undefined = url;
  while (next) {
    const res = await get(next);
    expect(res.statusCode).toBe(200);
    pages.push(parse(res.json()));
    next = nextOf(res.headers.link);
    expect(pages.length).toBeLessThan(50);
  }
  return pages;
}

const customers = (body: unknown) => customerSchema.array().parse(body);
const users = (body: unknown) => authUserSchema.array().parse(body);

describe('GET /customers: search and keyset pages', () => {
  it('answers 50 in name order, then the rest through the Link header, each once', async () => {
    const first = await get('/api/v1/customers');
    expect(first.statusCode).toBe(200);
    expect(customers(first.json())).toHaveLength(50);
    expect(nextOf(first.headers.link)).toMatch(/^\/api\/v1\/customers\?before=.+&limit=50$/);

    const pages = await walk('/api/v1/customers?limit=20', customers);
    expect(pages.map((page) => page.length)).toEqual([20, 20, 20, 7]);
    const all = pages.flat();
    expect(new Set(all.map((row) => row.customerId)).size).toBe(67);
    // Last name, then first name, accents and case aside.
    const names = all.map((row) => row.lastName);
    expect(names.slice(0, 3)).toEqual(['Client001', 'Client002', 'Client003']);
    expect(names.indexOf('Dupont')).toBeLessThan(names.indexOf('Durand'));
    expect(names.indexOf('Lefèvre')).toBeLessThan(names.indexOf('Martin'));
  });

  it('finds by any word of the name, email or company, any case, accents ignored', async () => {
    const lastNames = async (q: string) =>
      customers((await get(`/api/v1/customers?q=${encodeURIComponent(q)}`)).json()).map(
        (row) => row.lastName,
      );
    expect(await lastNames('amelie')).toEqual(['Poulain']);
    expect(await lastNames('AMÉLIE')).toEqual(['Poulain']);
    expect(await lastNames('poulain amel')).toEqual(['Poulain']);
    expect(await lastNames('menage eclair')).toEqual(['Lefèvre']);
    expect(await lastNames('noel@exa')).toEqual(['Dupont']);
    expect(await lastNames('  eric  ')).toEqual(['Durand']);
    expect(await lastNames('nobody-by-that-name')).toEqual([]);
    // LIKE's wildcards are letters like any other.
    expect(await lastNames('%')).toEqual(['Sign']);
    expect(await lastNames('_')).toEqual(['Score']);
    // A search pages too, the search kept in the next link.
    const first = await get('/api/v1/customers?q=numbered&limit=25');
    expect(customers(first.json())).toHaveLength(25);
    expect(nextOf(first.headers.link)).toContain('q=numbered');
    const pages = await walk('/api/v1/customers?q=numbered&limit=25', customers);
    expect(pages.map((page) => page.length)).toEqual([25, 25, 10]);
  });

  it('refuses bad parameters with a 400 and a stable code, never a 5xx', async () => {
    const cases: [string, string, string][] = [
      ['limit=0', 'query.limit', 'validation.tooSmall'],
      ['limit=201', 'query.limit', 'validation.tooLarge'],
      ['limit=ten', 'query.limit', 'validation.wholeNumber'],
      ['before=yesterday', 'query.before', 'validation.invalid'],
      [`q=${'a'.repeat(101)}`, 'query.q', 'validation.tooLong'],
    ];
    for (const [query, path, message] of cases) {
      const res = await get(`/api/v1/customers?${query}`);
      expect([query, res.statusCode]).toEqual([query, 400]);
      const body = errorBodySchema.parse(res.json());
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.details?.[0]).toEqual({ path, message });
    }
    // A cursor of the right shape but of no row: the rows after it, whatever it says.
    const made = await get(
      `/api/v1/customers?before=${encodeURIComponent("zz'; drop table customers; --_00000000-0000-4000-8000-000000000000")}`,
    );
    expect(made.statusCode).toBe(200);
    expect(customers(made.json())).toEqual([]);
  });

  it('is the admin’s: anonymous 401, employee and customer 403', async () => {
    expect((await get('/api/v1/customers', {})).statusCode).toBe(401);
    expect((await get('/api/v1/customers?q=amelie', headers.employee)).statusCode).toBe(403);
    expect((await get('/api/v1/customers?q=amelie', headers.customer)).statusCode).toBe(403);
  });
});

describe('GET /auth/users: search and keyset pages', () => {
  it('answers 50 in email order, then the rest through the Link header; a search by name or email', async () => {
    const pages = await walk('/api/v1/auth/users', users);
    // 60 accounts made here and the three of the roles above.
    expect(pages.map((page) => page.length)).toEqual([50, 13]);
    const emails = pages.flat().map((row) => row.email);
    expect(emails.slice(0, 3)).toEqual([
      'account001@example.com',
      'account002@example.com',
      'account003@example.com',
    ]);
    expect(new Set(emails).size).toBe(63);

    const helene = users((await get('/api/v1/auth/users?q=HELENE')).json());
    expect(helene.map((row) => row.email)).toEqual(['account007@example.com']);
    const some = await get('/api/v1/auth/users?q=account0&limit=30');
    expect(users(some.json())).toHaveLength(30);
    expect(nextOf(some.headers.link)).toContain('q=account0');
  });

  it('refuses bad parameters with a 400, and everyone but an admin', async () => {
    expect((await get('/api/v1/auth/users?limit=500')).statusCode).toBe(400);
    expect((await get('/api/v1/auth/users?before=x')).statusCode).toBe(400);
    expect((await get('/api/v1/auth/users', {})).statusCode).toBe(401);
    expect((await get('/api/v1/auth/users', headers.employee)).statusCode).toBe(403);
    expect((await get('/api/v1/auth/users', headers.customer)).statusCode).toBe(403);
  });
});
