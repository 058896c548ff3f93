import fs from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { AppConfig } from '../config.ts';
import { writeBackup, type BackupSummary } from './backup.ts';

const NAME = /^eclat-\d{8}-\d{6}\.backup$/;

/** `eclat-20261125-023000.backup`: sorts by time. */
export function backupFileName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `eclat-${stamp}.backup`;
}

/**
 * Writes a backup into `file` whole or not at all: under a temporary name in the same folder, renamed
 * into place once complete (a crash leaves no half backup under the real name).
 */
export async function backupToFile(client: pg.ClientBase, file: string): Promise<BackupSummary> {
  await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  try {
    const summary = await writeBackup(client, createWriteStream(partial, { mode: 0o600 }));
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
  options: { keep: number; now: Date },
): Promise<string> {
  const file = path.join(folder, backupFileName(options.now));
  await backupToFile(client, file);
  const backups = (await fs.readdir(folder)).filter((name) => NAME.test(name)).sort();
  for (const old of backups.slice(0, Math.max(0, backups.length - options.keep))) {
    await fs.rm(path.join(folder, old), { force: true });
  }
  return file;
}

/**
 * The daily backup (decision 028): pg-boss schedule `backup` at 02:30 business time, run by one process,
 * into DATA_DIR/backups, keeping the last `BACKUP_KEEP`. Off with BACKUP_ENABLED=false.
 */
export const scheduledBackupPlugin = fp(
  (app: FastifyInstance, { config }: { config: AppConfig }, done: (error?: Error) => void) => {
    if (config.backup.enabled) {
      app.addHook('onReady', async () => {
        await app.jobs.every('backup', '30 2 * * *', async () => {
          const client = await app.db.$client.connect();
          try {
            const file = await rotateBackup(client, path.join(config.dataDir, 'backups'), {
              keep: config.backup.keep,
              now: new Date(),
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
