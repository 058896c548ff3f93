import type pg from 'pg';
import { TOPIC_OF_TABLE } from '../lib/read-cache.ts';

/** The channel on which every committed write to a table behind public reads is announced. */
export const CHANGES_CHANNEL = 'eclat_public_reads';

/**
 * One statement-level trigger per table behind the public reads (catalogue, pictures, feedback): after any
 * insert, update, delete or truncate, `pg_notify(channel, table)`. PostgreSQL delivers it to every listening
 * server process when the transaction commits (never on a rollback, once per table and transaction), so
 * writes by another instance, by a tool or by hand in psql all reach every cache (decision 015).
 *
 * Drizzle migrations do not describe triggers; this is applied after them, under the same lock, on every
 * start: it is idempotent and takes no table lock once the triggers exist.
 */
export async function installChangeNotifications(client: pg.ClientBase): Promise<void> {
  const tables = Object.keys(TOPIC_OF_TABLE);
  await client.query(`
    create or replace function eclat_notify_public_reads() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${CHANGES_CHANNEL}', tg_table_name);
      return null;
    end $$`);
  const { rows } = await client.query<{ table: string }>(
    `select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where t.tgname = 'notify_public_reads' and c.relnamespace = current_schema()::regnamespace`,
  );
  const existing = new Set(rows.map((row) => row.table));
  for (const table of tables.filter((name) => !existing.has(name))) {
    await client.query(
      `create trigger notify_public_reads after insert or update or delete or truncate on ${table}
       for each statement execute function eclat_notify_public_reads()`,
    );
  }
}
