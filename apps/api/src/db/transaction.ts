import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** A Drizzle database, whether bound to the pool or to one transaction's connection. */
export type Db = NodePgDatabase<typeof schema>;
/** A database handle or one of drizzle's own transactions (what the demo seed writes with). */
export type Writer = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** What pg-boss needs to run its statements on our connection (and so inside our transaction). */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export type TransactionScope = {
  db: Db;
  executor: SqlExecutor;
  /** Runs after a successful commit (e.g. wake a worker). */
  afterCommit(callback: () => void): void;
};

/**
 * Runs `work` in one database transaction on a dedicated connection. Business writes (through `db`) and
 * job inserts (through `executor`) commit or roll back together.
 */
export async function runInTransaction<T>(
  pool: pg.Pool,
  work: (scope: TransactionScope) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const callbacks: (() => void)[] = [];
  try {
    await client.query('begin');
    const db = drizzle({ client, schema, casing: 'snake_case' });
    const executor: SqlExecutor = {
      executeSql: async (text, values) => {
        const result = await client.query(text, values);
        return { rows: result.rows as unknown[] };
      },
    };
    const result = await work({ db, executor, afterCommit: (callback) => callbacks.push(callback) });
    await client.query('commit');
    for (const callback of callbacks) callback();
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * How to send independent reads: at once on the pool (one round trip), one after another on a
 * transaction's single connection (pg refuses overlapping queries on one client). Used as
 * `const read = readerOn(db); await Promise.all([read(() => a()), read(() => b())])`.
 */
export function readerOn(db: Db): <R>(read: () => Promise<R>) => Promise<R> {
  if (Reflect.get(db, '$client') instanceof pg.Pool) return (read) => read();
  let previous: Promise<unknown> = Promise.resolve();
  return (read) => {
    const next = previous.then(read);
    previous = next.catch(() => undefined);
    return next;
  };
}
