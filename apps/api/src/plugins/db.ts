import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { initialiseDatabase, type DemoAccount } from '../db/seed/demo.ts';

/** Shown once, on the start that created them; also kept in DATA_DIR/demo-accounts.txt (readable by its owner only). */
async function announceDemoAccounts(accounts: DemoAccount[], dataDir: string, publicUrl: string) {
  const width = Math.max(...accounts.map((account) => account.email.length));
  const lines = [
    `Demo accounts (sign in at ${publicUrl}):`,
    ...accounts.map(
      (account) => `  ${account.email.padEnd(width)}  ${account.password}  (${account.roles.join(', ')})`,
    ),
    '',
  ];
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'demo-accounts.txt');
  await fs.writeFile(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  process.stdout.write(`\n${lines.join('\n')}These passwords are shown once; they are kept in ${file}.\n\n`);
}

export type DbPluginOptions = {
  url: string;
  poolSize: number;
  /** Apply migrations and (on a new database) the demo content before serving. */
  prepare: boolean;
  seedDemo: boolean;
  /** The business time zone: the demo team's availabilities are its local days. */
  timeZone: string;
  /** The settings the demo's visits follow (travel buffer, recurring horizon, reminders). */
  demoBusiness?: { bufferMinutes: number; recurringHorizonWeeks: number; reminderHours: readonly number[] };
  dataDir: string;
  publicUrl: string;
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
    if (options.prepare) {
      await migrateDatabase(db);
      const { demoAccounts, ...result } = await initialiseDatabase(db, {
        withDemo: options.seedDemo,
        timeZone: options.timeZone,
        logger: app.log,
        ...(options.demoBusiness && { business: options.demoBusiness }),
      });
      app.log.info(result, 'database ready');
      if (demoAccounts) await announceDemoAccounts(demoAccounts, options.dataDir, options.publicUrl);
    }
  },
  { name: 'db' },
);
