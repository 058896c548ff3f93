/**
 * Backups (decision 028), with the embedded PostgreSQL or DATABASE_URL:
 *
 *   npm run backup -- [--out FILE]        one consistent file, with the server running or not
 *                                         (default: DATA_DIR/backups/eclat-<time>.backup), encrypted
 *                                         (`.age`) with BACKUP_PASSPHRASE or for BACKUP_RECIPIENT
 *   npm run restore -- FILE [--force]     into an empty DATA_DIR or database; --force replaces data. An
 *                                         encrypted file is opened with BACKUP_PASSPHRASE (asked for on
 *                                         a terminal when unset) or BACKUP_IDENTITY
 *
 * Exit codes: 0 done, 1 failed, 2 refused (usage, a database with data, a server running on it, a wrong
 * or missing passphrase or key).
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { ConfigError, loadConfig, type AppConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { connectForTool, runningServerPid } from '../db/connect.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { BackupError, restoreBackup } from '../ops/backup.ts';
import {
  backupEncryption,
  encryptionOfFile,
  openBackup,
  readIdentityFile,
  unencryptedWarning,
  type BackupKeys,
} from '../ops/backup-encryption.ts';
import { backupFileName, backupToFile } from '../ops/scheduled-backup.ts';

const USAGE = `Usage:
  npm run backup -- [--out FILE]
  npm run restore -- FILE [--force]`;

class UsageError extends Error {}

/** Asks for a passphrase on the terminal, without showing what is typed. */
function askPassphrase(question: string): Promise<string> {
  const { stdin, stderr } = process;
  // The terminal stops echoing before the question shows: a passphrase typed as soon as it appears (or
  // ahead of it) is never shown. Asked after, a quick typist's first keys were echoed (a CI run saw it).
  stdin.setRawMode(true);
  stdin.resume();
  stderr.write(question);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          finish();
          return;
        }
        if (char === '\u0003' || (char === '\u0004' && typed === '')) {
          finish(new UsageError('No passphrase given: nothing restored.'));
          return;
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** The passphrase or keys a restore of `file` needs, asking for the passphrase when it must and can. */
async function keysFor(file: string, backup: AppConfig['backup']): Promise<BackupKeys> {
  const kind = await encryptionOfFile(file);
  if (kind === 'none') return { identities: [] };
  if (kind === 'recipients') {
    const identity = backup.identity;
    if (!identity) return { identities: [] };
    return { identities: 'key' in identity ? [identity.key] : await readIdentityFile(identity.file) };
  }
  if (backup.passphrase) return { passphrase: backup.passphrase, identities: [] };
  if (!process.stdin.isTTY) {
    throw new BackupError(
      `${file} is encrypted with a passphrase, and there is none: set BACKUP_PASSPHRASE for this command ` +
        '(BACKUP_PASSPHRASE=... npm run restore -- FILE), or run it on a terminal to type it',
    );
  }
  return { passphrase: await askPassphrase(`Passphrase of ${path.basename(file)}: `), identities: [] };
}

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
  const encryption = backupEncryption(config.backup);
  let file = '';
  // Restore: the file is opened, and its passphrase or key checked, before the database is touched.
  let input: Readable | undefined;
  if (command === 'restore') {
    if (positionals.length !== 1) throw new UsageError('Name the backup file to restore.');
    if (!config.databaseUrl && (await runningServerPid(config))) {
      throw new UsageError(`The server is running on ${config.dataDir}: stop it, then restore.`);
    }
    file = path.resolve(here, positionals[0] ?? '');
    try {
      await access(file, constants.R_OK);
    } catch {
      throw new UsageError(`Cannot read ${file}.`);
    }
    input = await openBackup(file, await keysFor(file, config.backup));
  } else {
    file = path.resolve(
      here,
      values.out ?? path.join(config.dataDir, 'backups', backupFileName(new Date(), Boolean(encryption))),
    );
    // The name says what the file is: an encrypted backup ends with .age, a plain one does not.
    if (encryption && !file.endsWith('.age')) file += '.age';
    if (!encryption && file.endsWith('.age')) {
      throw new UsageError(
        `${path.basename(file)} ends with .age, but neither BACKUP_PASSPHRASE nor BACKUP_RECIPIENT is set.`,
      );
    }
    if (!encryption) console.error(`Warning: ${unencryptedWarning('This backup is')}`);
  }
  const handle = await connectForTool(config, pino({ level: 'warn' }));
  try {
    if (command === 'backup') {
      const client = new pg.Client({ connectionString: handle.url });
      await client.connect();
      try {
        const summary = await backupToFile(client, file, encryption);
        const how = !encryption
          ? ''
          : 'passphrase' in encryption
            ? ', encrypted with BACKUP_PASSPHRASE'
            : ', encrypted for BACKUP_RECIPIENT';
        console.log(`Backed up ${summary.rows} rows of ${summary.tables} tables to ${file}${how}.`);
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
    const client = new pg.Client({ connectionString: handle.url });
    await client.connect();
    try {
      if (!input) throw new UsageError('Name the backup file to restore.');
      const summary = await restoreBackup(client, input, { force: values.force });
      console.log(`Restored ${summary.rows} rows of ${summary.tables} tables from ${file}.`);
    } finally {
      await client.end();
    }
    return 0;
  } finally {
    input?.destroy();
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
