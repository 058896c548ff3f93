import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@eclat/shared';
import { createTestDatabase } from '../../test/helpers.ts';
import { createDatabase, type Database } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { roles } from './schema/index.ts';

let db: Database;
beforeAll(async () => {
  db = createDatabase(await createTestDatabase(), 4);
});
afterAll(async () => {
  await db.$client.end();
});

describe('migrations', () => {
  it('create a table for every entity of the spec, with the fixed role ids', async () => {
    const { rows } = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'appointment_assignments',
        'appointment_services',
        'appointments',
        'availabilities',
        'contact_messages',
        'customers',
        'employees',
        'feedback',
        'roles',
        'schedules',
        'service_images',
        'services',
        'user_roles',
        'users',
      ]),
    );
    const roleRows = await db.select().from(roles).orderBy(roles.name);
    expect(Object.fromEntries(roleRows.map((r) => [r.name, r.id]))).toEqual(ROLE_IDS);
  });

  it('index the queries the spec makes', async () => {
    const { rows } = await db.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where schemaname = 'public'`,
    );
    expect(rows.map((r) => r.indexname)).toEqual(
      expect.arrayContaining([
        'appointments_date_id_idx',
        'appointments_status_date_id_idx',
        'appointments_customer_date_idx',
        'feedback_status_created_idx',
        'services_title_trgm_idx',
        'availabilities_employee_date_idx',
      ]),
    );
  });

  it('can be applied again, even by several instances at once, without error', async () => {
    const others = [
      createDatabase(db.$client.options.connectionString ?? '', 2),
      createDatabase(db.$client.options.connectionString ?? '', 2),
    ];
    await Promise.all([migrateDatabase(db), ...others.map((other) => migrateDatabase(other))]);
    await Promise.all(others.map((other) => other.$client.end()));
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(4);
  });

  it('refuse a negative price and stars outside 1-5 at the database level too', async () => {
    await expect(
      db.execute(sql`insert into services (title, description, pricing, category, duration_minutes)
                     values ('x', 'x', -1, 'x', 30)`),
    ).rejects.toMatchObject({ cause: { constraint: 'services_pricing_not_negative' } });
    await expect(
      db.execute(sql`insert into feedback (author_name, stars, content) values ('x', 6, 'x')`),
    ).rejects.toMatchObject({ cause: { constraint: 'feedback_stars_range' } });
  });
});

describe('migration 0021 (issue 27: one place per visit)', () => {
  it('gives every existing visit the postal code it was priced at (else its series’, else its customer’s), and splits a quoted visit’s street from its postal code', async () => {
    const file = path.join(import.meta.dirname, '../../drizzle/0021_visit_place.sql');
    const updates = (await fs.readFile(file, 'utf8'))
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(--.*\n)*\s*UPDATE/i.test(statement));
    expect(updates).toHaveLength(2);
    const one = async <T>(query: ReturnType<typeof sql>) =>
      (await db.execute<T & Record<string, unknown>>(query)).rows[0];
    const customer = await one<{
      id: string;
    }>(sql`insert into customers (first_name, last_name, email, phone_number, address, postal_code)
      values ('Old', 'Visit', 'old-visit@example.com', '416-555-0100', '12 Lakeshore Road', 'L6J 4V1') returning id`);
    const visit = async (address: string, breakdown: string | null) =>
      one<{
        id: string;
      }>(sql`insert into appointments (customer_id, customer_first_name, customer_last_name, appointment_date, ends_at, address, price_breakdown)
        values (${customer?.id}, 'Old', 'Visit', now(), now() + interval '1 hour', ${address}, ${breakdown}::jsonb) returning id`);
    // As rows were before: no postal code on the visit.
    const priced = await visit('12 Lakeshore Road', JSON.stringify({ postalCode: 'M5V 3L9', lines: [] }));
    const older = await visit('12 Lakeshore Road', null);
    const quoted = await visit('88 West Hastings Street, V6B 1A1', null);
    await db.execute(sql`insert into quote_requests (customer_id, services, description, address, postal_code, preferred_dates, appointment_id)
      values (${customer?.id}, '[]'::jsonb, 'Offices', '88 West Hastings Street', 'V6B 1A1', '[]'::jsonb, ${quoted?.id})`);
    for (const statement of updates) await db.execute(sql.raw(statement));
    const placeOf = async (id: string | undefined) =>
      one<{ address: string; city: string | null; postal_code: string }>(
        sql`select address, city, postal_code from appointments where id = ${id}`,
      );
    expect(await placeOf(priced?.id)).toEqual({
      address: '12 Lakeshore Road',
      city: null,
      postal_code: 'M5V 3L9',
    });
    expect(await placeOf(older?.id)).toEqual({
      address: '12 Lakeshore Road',
      city: null,
      postal_code: 'L6J 4V1',
    });
    expect(await placeOf(quoted?.id)).toEqual({
      address: '88 West Hastings Street',
      city: null,
      postal_code: 'V6B 1A1',
    });
  });
});
