import fs from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { AppConfig } from '../config.ts';
import { writeBackup, type BackupSummary } from './backup.ts';
import {
  backupEncryption,
  encryptingStream,
  unencryptedWarning,
  type BackupEncryption,
} from './backup-encryption.ts';

const NAME = /^eclat-\d{8}-\d{6}\.backup(\.age)?$/;

/** `eclat-20261125-023000.backup`, `.backup.age` when encrypted: sorts by time. */
export function backupFileName(now: Date, encrypted: boolean): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `eclat-${stamp}.backup${encrypted ? '.age' : ''}`;
}

/**
 * Writes a backup into `file` whole or not at all: under a temporary name in the same folder, renamed
 * into place once complete (a crash leaves no half backup under the real name). With `encryption`, the
 * file is an age file (decision 028).
 */
export async function backupToFile(
  client: pg.ClientBase,
  file: string,
  encryption?: BackupEncryption,
): Promise<BackupSummary> {
  await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  try {
    const out = createWriteStream(partial, { mode: 0o600 });
    let summary: BackupSummary;
    if (encryption) {
      const { input, done } = await encryptingStream(encryption, out);
      try {
        summary = await writeBackup(client, input);
        await done;
      } catch (error) {
        input.destroy();
        out.destroy();
        throw error;
      }
    } else {
      summary = await writeBackup(client, out);
    }
    await fs.rename(partial, file);
    return summary;
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}

/**
 * A backup into `folder` named by the time, then only the `keep` newest backups of that folder stay
 * (files of other names are never touched). Returns the file written.
 */
export async function rotateBackup(
  client: pg.ClientBase,
  folder: string,
  options: { keep: number; now: Date; encryption?: BackupEncryption | undefined },
): Promise<string> {
  const file = path.join(folder, backupFileName(options.now, Boolean(options.encryption)));
  await backupToFile(client, file, options.encryption);
  const backups = (await fs.readdir(folder)).filter((name) => NAME.test(name)).sort();
  for (const old of backups.slice(0, Math.max(0, backups.length - options.keep))) {
    await fs.rm(path.join(folder, old), { force: true });
  }
  return file;
}

/**
 * The daily backup (decision 028): pg-boss schedule `backup` at 02:30 business time, run by one process,
 * into DATA_DIR/backups, keeping the last `BACKUP_KEEP`, encrypted with BACKUP_PASSPHRASE or for
 * BACKUP_RECIPIENT (a warning at start when neither is set). Off with BACKUP_ENABLED=false.
 */
export const scheduledBackupPlugin = fp(
  (app: FastifyInstance, { config }: { config: AppConfig }, done: (error?: Error) => void) => {
    if (config.backup.enabled) {
      const encryption = backupEncryption(config.backup);
      app.addHook('onReady', async () => {
        if (!encryption)
          app.log.warn(unencryptedWarning(`Daily backups into ${path.join(config.dataDir, 'backups')} are`));
        await app.jobs.every('backup', '30 2 * * *', async () => {
          const client = await app.db.$client.connect();
          try {
            const file = await rotateBackup(client, path.join(config.dataDir, 'backups'), {
              keep: config.backup.keep,
              now: new Date(),
              encryption,
            });
            app.log.info({ file }, 'daily backup written');
          } finally {
            client.release();
          }
        });
      });
    }
    done();
  },
  { name: 'scheduled-backup', dependencies: ['jobs'] },
);
