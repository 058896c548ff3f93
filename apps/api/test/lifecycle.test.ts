import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { REPO_ROOT } from '../src/config.ts';
import { killServerProcesses, spawnServer, startReadyServer, stopServer } from './server-process.ts';

/**
 * The real server as `npm start` runs it (a child process with the embedded PostgreSQL), stopped
 * gracefully and killed with SIGKILL, then started again on the same DATA_DIR.
 */

const dirs: string[] = [];

afterAll(async () => {
  await killServerProcesses();
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** A first start converts the demo pictures: on a loaded 2-core machine that alone has taken 40 s. */
const startServer = (dataDir: string) =>
  startReadyServer({
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });

async function readDataDir(dataDir: string) {
  // Open the same data directory in this process (this exercises the crash recovery too).
  const embedded = await startEmbeddedPostgres({ dataDir, logger: pino({ level: 'silent' }) });
  const db = createDatabase(embedded.url, 1);
  try {
    const { rows } = await db.execute<{ services: number; marker: string }>(
      sql`select (select count(*)::int from services) as services,
                 (select value from app_meta where key = 'initialised_at') as marker`,
    );
    return rows[0];
  } finally {
    await db.$client.end();
    await embedded.stop();
  }
}

describe('server lifecycle with the embedded PostgreSQL', () => {
  it('keeps its data across a graceful restart and across kill -9, with no manual step', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-lifecycle-'));
    dirs.push(dataDir);

    // First start: initialises PostgreSQL and writes the demo content.
    const first = await startServer(dataDir);
    // The demo accounts are shown once and kept in DATA_DIR.
    expect(first.output()).toContain('Demo accounts (sign in at');
    expect(await fs.readFile(path.join(dataDir, 'demo-accounts.txt'), 'utf8')).toMatch(
      /admin@example\.com\s+\S{16}\s+\(admin\)/,
    );
    expect(await stopServer(first)).toBe(0);
    expect(first.output()).toContain('embedded PostgreSQL stopped');
    const afterFirst = await readDataDir(dataDir);
    expect(afterFirst?.services).toBeGreaterThanOrEqual(8);

    // Second start reuses the data; then the process is killed without any chance to clean up.
    const second = await startServer(dataDir);
    await stopServer(second, 'SIGKILL');
    const pidFile = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
    expect(pidFile.length).toBeGreaterThan(0); // a stale lock is left behind

    // Third start recovers by itself, and nothing was lost or written twice.
    const third = await startServer(dataDir);
    expect(third.output()).toContain('stopping a PostgreSQL left running by a previous server');

    // The operator's tool works beside the running server, on its embedded database.
    const cli = spawnSync(
      process.execPath,
      [
        path.join(REPO_ROOT, 'apps/api/src/cli/users.ts'),
        'create',
        '--email',
        'ops@example.com',
        '--password',
        'tidy rooms sparkle daily',
        '--role',
        'admin',
      ],
      { env: { PATH: process.env.PATH, DATA_DIR: dataDir }, encoding: 'utf8' },
    );
    expect(cli.stdout).toBe('Created ops@example.com (admin).\n');
    const list = spawnSync(process.execPath, [path.join(REPO_ROOT, 'apps/api/src/cli/users.ts'), 'list'], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(list.stdout).toContain('ops@example.com\tadmin');
    expect(list.stdout).toContain('customer@example.com\tcustomer');
    expect(await stopServer(third)).toBe(0);
    expect(await readDataDir(dataDir)).toEqual(afterFirst);
    const second2 = await startServer(dataDir);
    expect(second2.output()).not.toContain('Demo accounts');
    await stopServer(second2);
  }, 120_000);

  it('removes its lock files when stopped gracefully', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-shutdown-'));
    dirs.push(dataDir);
    const server = await startServer(dataDir);
    expect(await stopServer(server, 'SIGINT')).toBe(0);
    await expect(fs.access(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();
    await expect(fs.access(path.join(dataDir, 'server.pid'))).rejects.toThrow();
  }, 60_000);

  it('stops cleanly when asked to while it starts, leaving no PostgreSQL running', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-early-stop-'));
    dirs.push(dataDir);
    const server = await spawnServer({
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    });
    // PostgreSQL is up; the migrations and the listening socket are still to come.
    await expect
      .poll(() => server.output(), { timeout: 60_000, interval: 20 })
      .toContain('embedded PostgreSQL started');
    expect(await stopServer(server, 'SIGTERM')).toBe(0);
    await expect(fs.access(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();
    await expect(fs.access(path.join(dataDir, 'server.pid'))).rejects.toThrow();
  }, 90_000);
});
