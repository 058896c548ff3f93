import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

// Return numeric/bigint columns from raw queries as numbers where safe; Drizzle maps typed columns itself.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function createDatabase(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    application_name: 'eclat',
  });
  return drizzle({ client: pool, schema, casing: 'snake_case' });
}
