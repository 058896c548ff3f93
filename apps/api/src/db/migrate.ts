import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { installChangeNotifications } from './change-notifications.ts';
import { installEmailTokenRotation } from './email-token-rotation.ts';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Arbitrary constant for the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_ID = 7_310_405_211;

/**
 * Applies the committed migrations. Several instances starting at once against one database take turns
 * (a session advisory lock), so each migration runs exactly once. Then the change notifications of the
 * public reads (`change-notifications.ts`) and the unsubscribe secret's rotation (`email-token-rotation.ts`)
 * are put in place.
 */
export async function migrateDatabase(db: Database): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      await installChangeNotifications(client);
      await installEmailTokenRotation(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
