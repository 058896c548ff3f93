/**
 * Backups (decision 028), with the embedded PostgreSQL or DATABASE_URL:
 *
 *   npm run backup -- [--out FILE]        one consistent file, with the server running or not
 *                                         (default: DATA_DIR/backups/eclat-<time>.backup)
 *   npm run restore -- FILE [--force]     into an empty DATA_DIR or database; --force replaces data
 *
 * Exit codes: 0 done, 1 failed, 2 refused (usage, a database with data, a server running on it).
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { connectForTool, runningServerPid } from '../db/connect.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { BackupError, restoreBackup } from '../ops/backup.ts';
import { backupFileName, backupToFile } from '../ops/scheduled-backup.ts';

const USAGE = `Usage:
  npm run backup -- [--out FILE]
  npm run restore -- FILE [--force]`;

class UsageError extends Error {}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  if (command !== 'backup' && command !== 'restore') throw new UsageError('Say backup or restore.');
  const config = loadConfig();
  // `npm run` starts this in apps/api: a relative path is the caller's (npm keeps it in INIT_CWD).
  const here = process.env.INIT_CWD ?? process.cwd();
  if (command === 'restore') {
    if (positionals.length !== 1) throw new UsageError('Name the backup file to restore.');
    if (!config.databaseUrl && (await runningServerPid(config))) {
      throw new UsageError(`The server is running on ${config.dataDir}: stop it, then restore.`);
    }
  }
  const handle = await connectForTool(config, pino({ level: 'warn' }));
  try {
    if (command === 'backup') {
      const out = path.resolve(
        here,
        values.out ?? path.join(config.dataDir, 'backups', backupFileName(new Date())),
      );
      const client = new pg.Client({ connectionString: handle.url });
      await client.connect();
      try {
        const summary = await backupToFile(client, out);
        console.log(`Backed up ${summary.rows} rows of ${summary.tables} tables to ${out}.`);
      } finally {
        await client.end();
      }
      return 0;
    }
    // The schema of this version first (an empty database gets it all), then the data.
    const db = createDatabase(handle.url, 2);
    try {
      await migrateDatabase(db);
    } finally {
      await db.$client.end();
    }
    const file = path.resolve(here, positionals[0] ?? '');
    const client = new pg.Client({ connectionString: handle.url });
    await client.connect();
    try {
      const summary = await restoreBackup(client, createReadStream(file), { force: values.force });
      console.log(`Restored ${summary.rows} rows of ${summary.tables} tables from ${file}.`);
    } finally {
      await client.end();
    }
    return 0;
  } finally {
    await handle.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof UsageError || error instanceof ConfigError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else if (error instanceof BackupError) {
    console.error(`Not restored: ${error.message}.`);
    process.exitCode = 2;
  } else {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
