import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

// Return numeric/bigint columns from raw queries as numbers where safe; Drizzle maps typed columns itself.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** `applicationName` names the connections in `pg_stat_activity` (the PDF's worker: `eclat-pdf`). */
export function createDatabase(url: string, poolSize = 10, applicationName = 'eclat'): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    application_name: applicationName,
  });
  return drizzle({ client: pool, schema, casing: 'snake_case' });
}
