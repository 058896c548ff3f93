import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { buildTestApp, createTestDatabase, type TestApp } from '../../test/helpers.ts';
import { addService, world } from '../../test/world.ts';
import { addDays, appointmentSchema } from '@eclat/shared';
import { fromLocal, todayIn } from '../lib/time-zone.ts';
import { BackupError, restoreBackup } from './backup.ts';
import { backupToFile, rotateBackup } from './scheduled-backup.ts';

/**
 * Decision 028: back up, change the data, restore, compare; into an empty database and over data with
 * force; refusals that change nothing; the command line with DATABASE_URL and with the embedded
 * PostgreSQL; the daily rotation.
 */

const CLI = path.join(REPO_ROOT, 'apps/api/src/cli/backup.ts');
const TZ = 'America/Toronto';
let app: TestApp;
const w = world(() => app);
let dir: string;

/** Every public table's rows, sorted, as text: two databases with the same data give the same map. */
async function contents(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`,
    );
    const result: Record<string, string[]> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ row: string }>(`select t::text as row from "${name}" t`);
      result[name] = rows.map((row) => row.row).sort();
    }
    return result;
  } finally {
    await client.end();
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An empty database with this version's schema (the test template is migrated). */
const emptyDatabase = () => createTestDatabase();

beforeAll(async () => {
  app = await buildTestApp();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-backup-'));
  // A little of everything: a service with accents, customers, a booking, a series with its visits.
  const service = await addService(app, 'Ménage d’été « complet »', 90);
  const who = await w.customer();
  const start = fromLocal(addDays(todayIn(TZ), 6), 10, 0, TZ).toISOString();
  const booked = await w.book(who, service, start);
  expect(booked.statusCode, booked.body).toBe(201);
  appointmentSchema.parse(booked.json());
  const series = await app.inject({
    method: 'POST',
    url: `/api/v1/series/customers/${who.customerId}`,
    headers: who.headers,
    payload: {
      serviceIds: [service],
      appointmentDate: fromLocal(addDays(todayIn(TZ), 8), 14, 0, TZ).toISOString(),
      frequency: 'weekly',
    },
  });
  expect(series.statusCode, series.body).toBe(201);
});
afterAll(async () => {
  await app.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('a backup', () => {
  it('restores into an empty database exactly, and over changed data with force', async () => {
    const file = path.join(dir, 'round-trip.backup');
    const before = await contents(app.databaseUrl);
    expect(before.appointments?.length).toBeGreaterThan(5);
    const summary = await withClient(app.databaseUrl, (client) => backupToFile(client, file));
    expect(summary.rows).toBeGreaterThan(20);

    // Into an empty database: the same rows, table by table.
    const empty = await emptyDatabase();
    await withClient(empty, (client) => restoreBackup(client, createReadStream(file), { force: false }));
    expect(await contents(empty)).toEqual(before);

    // Change the data, then restore over it: refused without force, and nothing changes...
    await app.db.$client.query(`update services set title = 'Changed'`);
    await app.db.$client.query(`delete from appointment_reminders`);
    await app.db.$client.query(`update appointments set status = 'cancelled'`);
    const changed = await contents(app.databaseUrl);
    expect(changed).not.toEqual(before);
    await expect(
      withClient(app.databaseUrl, (client) =>
        restoreBackup(client, createReadStream(file), { force: false }),
      ),
    ).rejects.toThrow(/already has data \(users\)/);
    expect(await contents(app.databaseUrl)).toEqual(changed);
    // ...with force, it is as it was.
    await withClient(app.databaseUrl, (client) =>
      restoreBackup(client, createReadStream(file), { force: true }),
    );
    expect(await contents(app.databaseUrl)).toEqual(before);
  });

  it('refuses a file that is not a backup, a damaged one and one from a newer version, changing nothing', async () => {
    const file = path.join(dir, 'good.backup');
    await withClient(app.databaseUrl, (client) => backupToFile(client, file));
    const good = await fs.readFile(file);
    const gz = (text: string) =>
      new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const zip = createGzip();
        zip.on('data', (chunk: Buffer) => chunks.push(chunk));
        zip.on('end', () => {
          resolve(Buffer.concat(chunks));
        });
        zip.on('error', reject);
        zip.end(text);
      });
    const { gunzipSync } = await import('node:zlib');
    const text = gunzipSync(good).toString('utf8');
    const [magic = '', headerLine = '', ...rest] = text.split('\n');
    const header = JSON.parse(headerLine) as { migrations: string[] };
    const newer = [
      magic,
      JSON.stringify({ ...header, migrations: [...header.migrations, 'f'.repeat(64)] }),
      ...rest,
    ];
    const cases: [Buffer, RegExp][] = [
      [Buffer.from('hello, this is not a backup'), /not an Éclat backup file/],
      [await gz('ECLAT-BACKUP 9\n{}\n'), /not an Éclat backup file/],
      [good.subarray(0, Math.floor(good.length / 2)), /ends too early|damaged/],
      [await gz(newer.join('\n')), /newer version/],
    ];
    const empty = await emptyDatabase();
    const blank = await contents(empty);
    for (const [bytes, message] of cases) {
      const error = await withClient(empty, (client) =>
        restoreBackup(client, Readable.from([bytes]), { force: true }).then(
          () => undefined,
          (reason: unknown) => reason,
        ),
      );
      expect(error).toBeInstanceOf(BackupError);
      expect(String(error)).toMatch(message);
      expect(await contents(empty)).toEqual(blank);
    }
  });

  it('keeps the newest BACKUP_KEEP daily backups, and never a half-written one', async () => {
    const folder = path.join(dir, 'daily');
    await fs.mkdir(folder);
    await fs.writeFile(path.join(folder, 'notes.txt'), 'not a backup');
    const written: string[] = [];
    await withClient(app.databaseUrl, async (client) => {
      for (let day = 1; day <= 4; day += 1) {
        written.push(
          await rotateBackup(client, folder, { keep: 2, now: new Date(`2026-11-0${day}T07:30:00Z`) }),
        );
      }
    });
    expect((await fs.readdir(folder)).sort()).toEqual([
      'eclat-20261103-073000.backup',
      'eclat-20261104-073000.backup',
      'notes.txt',
    ]);
    expect(written.map((file) => path.basename(file))).toContain('eclat-20261104-073000.backup');
  });
});

describe('npm run backup and npm run restore', () => {
  const run = (env: Record<string, string>, ...args: string[]) => {
    const result = spawnSync(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });
    return { code: result.status, out: result.stdout, err: result.stderr };
  };

  it('backs up a DATABASE_URL while its server runs, and restores it into an empty database only', async () => {
    const file = path.join(dir, 'cli.backup');
    const backup = run({ DATABASE_URL: app.databaseUrl, DATA_DIR: dir }, 'backup', '--out', file);
    expect(backup, backup.err).toMatchObject({ code: 0 });
    expect(backup.out).toMatch(/^Backed up \d+ rows of \d+ tables to .+cli\.backup\.\n$/);

    const target = await createTestDatabase();
    const restore = run({ DATABASE_URL: target, DATA_DIR: dir }, 'restore', file);
    expect(restore, restore.err).toMatchObject({ code: 0 });
    expect(await contents(target)).toEqual(await contents(app.databaseUrl));

    const again = run({ DATABASE_URL: target, DATA_DIR: dir }, 'restore', file);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/already has data .* --force/);
    expect(run({ DATABASE_URL: target, DATA_DIR: dir }, 'restore', file, '--force').code).toBe(0);
  });

  it('restores into and backs up the embedded PostgreSQL of an empty DATA_DIR', async () => {
    const source = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-backup-embedded-'));
    try {
      const file = path.join(dir, 'embedded.backup');
      expect(run({ DATABASE_URL: app.databaseUrl, DATA_DIR: dir }, 'backup', '--out', file).code).toBe(0);
      const restore = run({ DATA_DIR: source }, 'restore', file);
      expect(restore, restore.err).toMatchObject({ code: 0 });
      const copy = path.join(dir, 'embedded-copy.backup');
      const backup = run({ DATA_DIR: source }, 'backup', '--out', copy);
      expect(backup, backup.err).toMatchObject({ code: 0 });
      // What the embedded database holds, read back into a test database: the same rows.
      const check = await createTestDatabase();
      expect(run({ DATABASE_URL: check, DATA_DIR: dir }, 'restore', copy).code).toBe(0);
      expect(await contents(check)).toEqual(await contents(app.databaseUrl));
    } finally {
      await fs.rm(source, { recursive: true, force: true });
    }
  }, 180_000);
});
