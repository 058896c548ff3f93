import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerSchema } from '@eclat/shared';
import { customers } from '../../db/schema/index.ts';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import { headersAs } from '../../../test/auth.ts';
import { makeCustomerRecord } from '../../../test/factories.ts';
import { unsubscribeUrl } from './unsubscribe-link.ts';

/**
 * The one-click unsubscribe link (issue 27): its secret belongs to the address it was mailed to. When the
 * customer's email changes, by the admin's form or any other path, the secret changes with it: the old
 * links stop working, with a page that says so.
 */
let app: TestApp;
useTestApp((built) => (app = built));

const tokenOf = async (customerId: string) => {
  const [row] = await app.db
    .select({ token: customers.emailToken, optionalEmails: customers.optionalEmails })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) throw new Error('no customer');
  return row;
};
const pathOf = (token: string) => {
  const url = new URL(unsubscribeUrl('http://localhost:3000', token));
  return `${url.pathname}${url.search}&lang=en`;
};

/** What a mail program sends for the one-click link (RFC 8058). */
const oneClick = (token: string) =>
  app.inject({
    method: 'POST',
    url: pathOf(token),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('the unsubscribe link when the email changes', () => {
  it("stops working once the admin changes the customer's email, and the new one works", async () => {
    const admin = await headersAs(app, 'admin');
    const form = { firstName: 'Ula', lastName: 'Sub', phoneNumber: '416-555-0170', companyName: null };
    const created = customerSchema.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/customers',
          headers: admin,
          payload: { ...form, email: 'ula@example.com' },
        })
      ).json(),
    );
    const first = (await tokenOf(created.customerId)).token;
    expect((await app.inject({ method: 'GET', url: pathOf(first) })).body).toContain('Stop these emails');

    // Another field changes: the link still works.
    const phone = await app.inject({
      method: 'PUT',
      url: `/api/v1/customers/${created.customerId}`,
      headers: admin,
      payload: { ...form, phoneNumber: '416-555-0171', email: 'ula@example.com' },
    });
    expect(phone.statusCode, phone.body).toBe(200);
    expect((await tokenOf(created.customerId)).token).toBe(first);

    const moved = await app.inject({
      method: 'PUT',
      url: `/api/v1/customers/${created.customerId}`,
      headers: admin,
      payload: { ...form, email: 'ula.new@example.com' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const second = (await tokenOf(created.customerId)).token;
    expect(second).not.toBe(first);

    // The old link: the page says it is not valid any more, and its button or one-click post turns nothing off.
    const page = await app.inject({ method: 'GET', url: pathOf(first) });
    expect(page.body).toContain('This link is no longer valid');
    expect(page.body).not.toContain('Stop these emails');
    const clicked = await app.inject({
      method: 'POST',
      url: pathOf(first),
      headers: {
        accept: 'text/html,application/xhtml+xml',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(clicked.statusCode).toBe(404);
    expect(clicked.headers['content-type']).toContain('text/html');
    expect(clicked.body).toContain('This link is no longer valid');
    expect((await oneClick(first)).statusCode).toBe(404);
    expect((await tokenOf(created.customerId)).optionalEmails).toBe(true);

    // The new link works.
    expect((await oneClick(second)).statusCode).toBe(200);
    expect((await tokenOf(created.customerId)).optionalEmails).toBe(false);
  });

  it('changes with the email whatever writes it (a tool, psql)', async () => {
    const { id, emailToken: token } = await makeCustomerRecord(app, {
      firstName: 'Tom',
      lastName: 'Tool',
      email: 'tom@example.com',
      phoneNumber: '416-555-0172',
    });
    const row = { id, token };
    await app.db.execute(sql`update customers set first_name = 'Thomas' where id = ${row.id}`);
    expect((await tokenOf(row.id)).token).toBe(row.token);
    await app.db.execute(sql`update customers set email = 'thomas@example.com' where id = ${row.id}`);
    expect((await tokenOf(row.id)).token).not.toBe(row.token);
  });
});
