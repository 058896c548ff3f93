import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { instances } from '../src/db/schema/index.ts';
import {
  InstanceSettingsError,
  joinInstances,
  settingDifferences,
  sharedSettings,
} from '../src/ops/instances.ts';
import { createTestDatabase, testConfig } from './helpers.ts';
import { killServerProcesses, startServerProcess, stopServer } from './server-process.ts';

/**
 * Several instances on one database (decision 031): a start whose shared settings differ from a running
 * instance's stops with a message naming them; instances that agree run side by side; an instance that is
 * gone (stopped, or killed without a word) no longer binds the next start.
 */

const METRICS_TOKEN = 'several-instances-metrics-secret';
let databaseUrl = '';
let dataDir = '';
let db: ReturnType<typeof createDatabase>;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-instances-'));
  db = createDatabase(databaseUrl, 2);
});

afterAll(async () => {
  await killServerProcesses();
  await db.$client.end();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** `npm start` on the shared database; resolves once ready, or once it has exited (with its output). */
const start = (env: Record<string, string> = {}) =>
  startServerProcess(
    {
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1:3999',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      BACKUP_ENABLED: 'false',
      METRICS_TOKEN,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...env,
    },
    { timeoutMs: 60_000 },
  );

async function instanceGauge(base: string): Promise<number> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = (await res.text()).split('\n').find((row) => row.startsWith('eclat_instances '));
  return Number(line?.split(' ')[1]);
}

const rows = async () => (await db.select().from(instances)).length;

describe('several instances on one database', () => {
  it('refuses to start beside an instance with other shared settings, naming each variable', async () => {
    const first = await start();
    expect(first.ready).toBe(true);

    const other = await start({ MIN_NOTICE_HOURS: '6', BRAND_NAME: 'Brillant' });
    expect(other.ready).toBe(false);
    expect(await other.exited).toBe(1);
    expect(other.output()).toContain('MIN_NOTICE_HOURS is 6 here and 12 there');
    expect(other.output()).toContain('BRAND_NAME is Brillant here and Éclat there');
    expect(other.output()).toContain('Give this one the same values, or stop');
    expect(other.output()).not.toMatch(/\n\s+at /); // no stack trace
    expect(await rows()).toBe(1);

    // A secret that differs is named but never shown.
    const secret = await start({ METRICS_TOKEN: 'another-metrics-secret-entirely' });
    expect(secret.ready).toBe(false);
    expect(secret.output()).toMatch(
      /METRICS_TOKEN is fingerprint [0-9a-f]{12} here and fingerprint [0-9a-f]{12} there/,
    );
    expect(secret.output()).not.toContain('another-metrics-secret-entirely');
    expect(secret.output()).not.toContain(METRICS_TOKEN);

    // The same settings: both run, each counting the other.
    const second = await start();
    expect(second.ready).toBe(true);
    expect(await instanceGauge(first.base)).toBe(2);
    expect(await instanceGauge(second.base)).toBe(2);

    // Stopped gracefully, each removes its row; with no one left, new settings are free to start.
    expect(await stopServer(first)).toBe(0);
    expect(await stopServer(second)).toBe(0);
    expect(await rows()).toBe(0);
    const changed = await start({ MIN_NOTICE_HOURS: '6' });
    expect(changed.ready).toBe(true);

    // Killed without a word, its row stays; on this machine its process is seen to be gone, so a restart
    // with other settings (after fixing them, say) does not wait.
    await stopServer(changed, 'SIGKILL');
    expect(await rows()).toBe(1);
    const restarted = await start();
    expect(restarted.ready).toBe(true);
    expect(await stopServer(restarted)).toBe(0);

    // One killed on another machine cannot be looked at: its row binds starts until it is 30 s old.
    await db.execute(sql`update instances set host = 'another-machine'`);
    const tooSoon = await start();
    expect(tooSoon.ready).toBe(false);
    expect(tooSoon.output()).toContain('(another-machine, process');
    expect(tooSoon.output()).toContain('MIN_NOTICE_HOURS is 12 here and 6 there');
    await db.execute(sql`update instances set seen_at = now() - interval '31 seconds'`);
    const after = await start();
    expect(after.ready).toBe(true);
    expect(await instanceGauge(after.base)).toBe(1);
    await stopServer(after);
  }, 240_000);

  it('lets one of two starts at once win when their settings differ, and both when they agree', async () => {
    await db.delete(instances);
    const mine = sharedSettings(testConfig({ PUBLIC_URL: 'https://book.example.com' }));
    const theirs = sharedSettings(testConfig({ PUBLIC_URL: 'https://other.example.com' }));
    for (let round = 0; round < 5; round += 1) {
      await db.delete(instances);
      const results = await Promise.allSettled([
        joinInstances(db, { id: randomUUID(), host: 'machine-a', pid: '100', settings: mine }),
        joinInstances(db, { id: randomUUID(), host: 'machine-b', pid: '100', settings: theirs }),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((result) => result.status === 'rejected');
      expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(InstanceSettingsError);
      expect(await rows()).toBe(1);
    }
    await db.delete(instances);
    await Promise.all([
      joinInstances(db, { id: randomUUID(), host: 'machine-a', pid: '100', settings: mine }),
      joinInstances(db, { id: randomUUID(), host: 'machine-b', pid: '100', settings: mine }),
    ]);
    expect(await rows()).toBe(2);
  });

  it('compares every shared variable, the issuer included, and nothing of one process alone', () => {
    const base = testConfig({ PUBLIC_URL: 'https://book.example.com' });
    const differs = (env: Record<string, string>) =>
      settingDifferences(
        sharedSettings(testConfig({ PUBLIC_URL: 'https://book.example.com', ...env })),
        sharedSettings(base),
      ).map((difference) => difference.name);
    expect(differs({ PUBLIC_URL: 'https://www.book.example.com' })).toEqual([
      'PUBLIC_URL',
      'OIDC_ISSUER',
      'OIDC_AUDIENCE',
    ]);
    expect(differs({ BUSINESS_TIMEZONE: 'America/Vancouver' })).toEqual(['BUSINESS_TIMEZONE']);
    expect(differs({ REMINDER_HOURS: '48,2' })).toEqual(['REMINDER_HOURS']);
    expect(differs({ SMTP_URL: 'smtp://user:pass@mail.example.com:587' })).toEqual(['SMTP_URL']);
    expect(differs({ BACKUP_PASSPHRASE: 'a long random passphrase' })).toEqual(['BACKUP_PASSPHRASE']);
    expect(
      differs({ BACKUP_RECIPIENT: 'age1qc43pdgr62p54xc72gjfqalj7mdqcsfpzlnkzskw35pwfrhrnccszdgzw2' }),
    ).toEqual(['BACKUP_RECIPIENT']);
    expect(differs({ PAYMENTS: 'manual' })).toEqual(['PAYMENTS']);
    // Per process: its port, pool, workers, log level.
    expect(
      differs({
        PORT: '4000',
        DATABASE_POOL_SIZE: '20',
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'debug',
        LOG_FORMAT: 'pretty',
      }),
    ).toEqual([]);
  });
});
