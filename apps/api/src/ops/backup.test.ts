import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { buildTestApp, createTestDatabase, emailQueueSettled, type TestApp } from '../../test/helpers.ts';
import { world } from '../../test/world.ts';
import { makeService } from '../../test/factories.ts';
import { addDays, appointmentSchema } from '@eclat/shared';
import { fromLocal, todayIn } from '../lib/time-zone.ts';
import { BackupError, restoreBackup } from './backup.ts';
import { backupToFile, rotateBackup } from './scheduled-backup.ts';
import { openBackup } from './backup-encryption.ts';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';

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

/** `npm run backup` / `npm run restore` with `env` only (and PATH): its exit code, stdout and stderr. */
function run(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** A new age key pair: the secret key (identity) and its public key (recipient). */
async function newKey() {
  const identity = await generateX25519Identity();
  return { identity, recipient: await identityToRecipient(identity) };
}

/** An empty database with this version's schema (the test template is migrated). */
const emptyDatabase = () => createTestDatabase();

beforeAll(async () => {
  app = await buildTestApp();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-backup-'));
  // A little of everything: a service with accents, customers, a booking, a series with its visits.
  const service = await makeService(app, { title: 'Ménage d’été « complet »', durationMinutes: 90 });
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
  // The booking's and the series' emails are delivered by the job worker, which writes a row of each in
  // email_deliveries: done before a test reads the data, else a delivery between its reads (a loaded
  // machine delays them by seconds) makes the backup differ from what the test read before it.
  await emailQueueSettled(app.db.$client);
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
    // Encrypted ones (.backup.age) count among the same newest N.
    const { recipient } = await newKey();
    await withClient(app.databaseUrl, async (client) => {
      for (const day of [5, 6]) {
        const now = new Date(`2026-11-0${day}T07:30:00Z`);
        await rotateBackup(client, folder, { keep: 2, now, encryption: { recipients: [recipient] } });
      }
    });
    expect((await fs.readdir(folder)).sort()).toEqual([
      'eclat-20261105-073000.backup.age',
      'eclat-20261106-073000.backup.age',
      'notes.txt',
    ]);
  }, 120_000);
});

describe('npm run backup and npm run restore', () => {
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
  }, 180_000);

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

describe('encrypted backups (age)', () => {
  const PASSPHRASE = 'correct horse battery staple 42';
  /** Secrets the database holds: the provider's private signing key and a password hash. */
  const secrets = async () => {
    const keys = await app.db.$client.query<{ d: string }>(
      `select material->>'d' as d from auth_keys where kind = 'signing' and material ? 'd'`,
    );
    const hashes = await app.db.$client.query<{ hash: string }>(
      `select password_hash as hash from users where password_hash like '$argon2id$%' limit 1`,
    );
    const found = [...keys.rows.map((row) => row.d), ...hashes.rows.map((row) => row.hash)];
    expect(found.length).toBeGreaterThanOrEqual(2);
    return found;
  };

  it('writes an age file with no secret in clear, restores it into an empty database with its passphrase', async () => {
    const plainFile = path.join(dir, 'clear.backup');
    await withClient(app.databaseUrl, (client) => backupToFile(client, plainFile));
    const inClear = (await import('node:zlib')).gunzipSync(await fs.readFile(plainFile)).toString('utf8');
    const known = await secrets();
    // The plain backup holds them (so the check below means something)...
    for (const secret of known) expect(inClear).toContain(secret);

    const backup = run(
      { DATABASE_URL: app.databaseUrl, DATA_DIR: dir, BACKUP_PASSPHRASE: PASSPHRASE },
      'backup',
      '--out',
      path.join(dir, 'secret.backup'),
    );
    expect(backup, backup.err).toMatchObject({ code: 0 });
    // The name says it is encrypted; no warning about a backup in clear.
    expect(backup.out).toMatch(/to .+secret\.backup\.age, encrypted with BACKUP_PASSPHRASE\.\n$/);
    expect(backup.err).toBe('');
    const file = path.join(dir, 'secret.backup.age');
    const bytes = await fs.readFile(file);
    expect(bytes.subarray(0, 32).toString('latin1')).toMatch(/^age-encryption\.org\/v1\n-> scrypt /);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    // ...the encrypted one does not, in any form: not even gzipped, which would begin 1f 8b.
    const text = bytes.toString('latin1');
    for (const secret of known) expect(text).not.toContain(secret);
    expect(bytes.includes(Buffer.from([0x1f, 0x8b, 0x08]))).toBe(false);

    const target = await createTestDatabase();
    const restore = run(
      { DATABASE_URL: target, DATA_DIR: dir, BACKUP_PASSPHRASE: PASSPHRASE },
      'restore',
      file,
    );
    expect(restore, restore.err).toMatchObject({ code: 0 });
    expect(await contents(target)).toEqual(await contents(app.databaseUrl));
  }, 180_000);

  it('refuses a wrong passphrase, or none, with a clear message, before anything is created', async () => {
    const file = path.join(dir, 'refused.backup.age');
    await withClient(app.databaseUrl, (client) => backupToFile(client, file, { passphrase: PASSPHRASE }));
    const emptyDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-backup-empty-'));
    try {
      const wrong = run(
        { DATA_DIR: emptyDataDir, BACKUP_PASSPHRASE: 'not the right passphrase' },
        'restore',
        file,
      );
      expect(wrong.code).toBe(2);
      expect(wrong.err).toBe('Not restored: wrong passphrase: this backup was encrypted with another one.\n');
      // Without a terminal and without BACKUP_PASSPHRASE: what to do.
      const none = run({ DATA_DIR: emptyDataDir }, 'restore', file);
      expect(none.code).toBe(2);
      expect(none.err).toMatch(/is encrypted with a passphrase, and there is none: set BACKUP_PASSPHRASE/);
      expect(none.err).toMatch(/run it on a terminal to type it/);
      for (const output of [wrong.err, none.err]) expect(output).not.toMatch(/\n\s+at /);
      // No database was started in the empty folder: nothing changed.
      expect(await fs.readdir(emptyDataDir)).toEqual([]);
    } finally {
      await fs.rm(emptyDataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('asks for the passphrase on a terminal, without showing it', async () => {
    const file = path.join(dir, 'asked.backup.age');
    await withClient(app.databaseUrl, (client) => backupToFile(client, file, { passphrase: PASSPHRASE }));
    const target = await createTestDatabase();
    // `script` (util-linux) gives the command a pseudo-terminal: stdin is a TTY, as for a person.
    const child = spawn('script', ['-qec', `'${process.execPath}' '${CLI}' restore '${file}'`, '/dev/null'], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', DATABASE_URL: target, DATA_DIR: dir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    const asked = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Passphrase of asked.backup.age: ')) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await Promise.race([asked, exited]);
    child.stdin.write(`${PASSPHRASE}\r`);
    expect(await exited, output).toBe(0);
    expect(output).toMatch(/Restored \d+ rows of \d+ tables from .+asked\.backup\.age\./);
    expect(output).not.toContain(PASSPHRASE);
    expect(await contents(target)).toEqual(await contents(app.databaseUrl));
  }, 180_000);

  it('refuses an encrypted file changed in the middle, changing nothing', async () => {
    const file = path.join(dir, 'changed.backup.age');
    await withClient(app.databaseUrl, (client) => backupToFile(client, file, { passphrase: PASSPHRASE }));
    const bytes = await fs.readFile(file);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    await fs.writeFile(file, bytes);
    const empty = await emptyDatabase();
    const blank = await contents(empty);
    const error = await withClient(empty, async (client) =>
      restoreBackup(client, await openBackup(file, { passphrase: PASSPHRASE, identities: [] }), {
        force: false,
      }).then(
        () => undefined,
        (reason: unknown) => reason,
      ),
    );
    expect(error).toBeInstanceOf(BackupError);
    expect(String(error)).toMatch(/damaged or was changed/);
    expect(await contents(empty)).toEqual(blank);
  }, 120_000);

  it('encrypts for an age public key; a restore needs its secret key (BACKUP_IDENTITY)', async () => {
    const { identity, recipient } = await newKey();
    const keyFile = path.join(dir, 'backup-key.txt');
    await fs.writeFile(keyFile, `# created: now\n# public key: ${recipient}\n${identity}\n`, { mode: 0o600 });
    const file = path.join(dir, 'for-key.backup.age');
    await withClient(app.databaseUrl, (client) => backupToFile(client, file, { recipients: [recipient] }));
    expect((await fs.readFile(file)).subarray(0, 32).toString('latin1')).toMatch(
      /^age-encryption\.org\/v1\n-> X25519 /,
    );
    const refusal = async (identities: string[]) =>
      openBackup(file, { identities }).then(
        (stream) => {
          stream.destroy();
          return undefined;
        },
        (reason: unknown) => String(reason),
      );
    expect(await refusal([])).toMatch(/encrypted for an age public key: set BACKUP_IDENTITY/);
    expect(await refusal([(await newKey()).identity])).toMatch(
      /BACKUP_IDENTITY is not the key this backup was encrypted for/,
    );
    // The command line reads the key from the file BACKUP_IDENTITY names.
    const target = await createTestDatabase();
    const restore = run({ DATABASE_URL: target, DATA_DIR: dir, BACKUP_IDENTITY: keyFile }, 'restore', file);
    expect(restore, restore.err).toMatchObject({ code: 0 });
    expect(await contents(target)).toEqual(await contents(app.databaseUrl));
  }, 120_000);

  it('warns once, on a backup in clear, that it holds the signing key and password hashes', () => {
    const backup = run(
      { DATABASE_URL: app.databaseUrl, DATA_DIR: dir },
      'backup',
      '--out',
      path.join(dir, 'warned.backup'),
    );
    expect(backup, backup.err).toMatchObject({ code: 0 });
    expect(backup.err.match(/not encrypted/g)).toHaveLength(1);
    expect(backup.err).toMatch(/signing key.+password hashes/s);
    expect(backup.err).toMatch(/BACKUP_PASSPHRASE/);
  }, 120_000);
});
