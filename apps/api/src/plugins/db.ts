import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';

export type DbPluginOptions = {
  url: string;
  poolSize: number;
  /** Apply the migrations before serving (the first start's content is `ops/seed/first-start.ts`). */
  prepare: boolean;
};

/** The database client: one pool per process, migrated at start, closed when the server closes. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: DbPluginOptions) => {
    const db = createDatabase(options.url, options.poolSize);
    db.$client.on('error', (error: Error & { code?: string }) => {
      // pg attaches the whole client to its errors: log only what helps.
      app.log.error({ code: error.code, message: error.message }, 'idle database connection failed');
    });
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.$client.end();
    });
    if (options.prepare) await migrateDatabase(db);
  },
  { name: 'db' },
);
