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
