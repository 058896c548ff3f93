import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { bookingRulesOf } from '../../modules/appointments/booking.service.ts';
import { initialiseDatabase, type DemoAccount } from './demo.ts';

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

/**
 * The first start of an empty database (registered by app.ts right after the database is migrated): the
 * demo content, once (`SEED_DEMO`); a database that has data, or was initialised before, is never touched.
 */
export const firstStartPlugin = fp(
  async (app: FastifyInstance, { config }: { config: AppConfig }) => {
    const { demoAccounts, ...result } = await initialiseDatabase(app.db, {
      withDemo: config.seedDemo,
      timeZone: config.businessTimeZone,
      logger: app.log,
      // The settings the demo's visits follow (travel buffer, recurring horizon, reminders).
      business: {
        bufferMs: bookingRulesOf(config).bufferMs,
        recurringHorizonWeeks: config.recurringHorizonWeeks,
        reminderHours: config.reminderHours,
      },
    });
    app.log.info(result, 'database ready');
    if (demoAccounts) await announceDemoAccounts(demoAccounts, config.dataDir, config.publicUrl);
  },
  { name: 'first-start', dependencies: ['db'] },
);
