import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVICES } from '../src/ops/seed/demo-content.ts';
import { startReadyServer } from './server-process.ts';

/**
 * `npm start` from places a newcomer starts from: a fresh clone in a 0700 folder (root's own home is one),
 * and DATA_DIR in a 0700 folder. As root, PostgreSQL runs as the `postgres` user, which cannot enter those
 * folders, so the launcher moves what it needs where it can (decision 013); as another user, PostgreSQL
 * runs as that user and the same start shows the plain path works.
 */
const REPO = path.resolve(import.meta.dirname, '../../..');
const isRoot = process.getuid?.() === 0;
const AS_WHO = isRoot
  ? '(as root: PostgreSQL runs as the postgres user, its files are moved where it can reach them)'
  : '(not root: PostgreSQL runs as this user, in place)';

function sh(command: string, args: string[], cwd = REPO): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr || result.error?.message}`);
  }
  return result.stdout.trim();
}

async function privateFolder(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-start-'));
  await fs.chmod(dir, 0o700);
  return dir;
}

/** The installed dependencies, as `npm ci` would lay them out (hard links: no download, seconds). */
async function copyDependencies(into: string): Promise<void> {
  const manifest = JSON.parse(await fs.readFile(path.join(REPO, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  for (const folder of ['.', ...manifest.workspaces]) {
    const from = path.join(REPO, folder, 'node_modules');
    if (!(await fs.stat(from).catch(() => undefined))) continue;
    const to = path.join(into, folder, 'node_modules');
    // Across file systems hard links are impossible: copy instead.
    if (spawnSync('cp', ['-al', from, to]).status !== 0) sh('cp', ['-a', from, to]);
  }
}

/** Starts the server, checks a database-backed answer, stops it by its pid and expects a clean exit. */
async function startCheckAndStop(cwd: string, env: Record<string, string>): Promise<void> {
  // A clean environment, as in a new shell: nothing of this test run (NODE_ENV=test, INIT_CWD...) leaks in.
  const server = await startReadyServer(
    { NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env, SEED_DEMO: 'true' },
    { cwd, timeoutMs: 100_000 },
  );
  try {
    const services = (await (await fetch(`${server.base}/api/v1/services`)).json()) as { title: string }[];
    expect(services.map((service) => service.title).sort()).toEqual(
      DEMO_SERVICES.filter((service) => service.isAvailable)
        .map((service) => service.title)
        .sort(),
    );
  } finally {
    if (!server.gone()) server.child.kill('SIGTERM');
  }
  expect(await server.exited, server.output()).toBe(0);
}

/** The folder of a relocated database: where `DATA_DIR/postgres` links to, if it is a link. */
async function relocatedCluster(dataDir: string): Promise<string | undefined> {
  const local = path.join(dataDir, 'postgres');
  const link = await fs.readlink(local).catch(() => undefined);
  return link && path.dirname(path.resolve(dataDir, link));
}

async function expectDatabasePlaced(dataDir: string, closed: string): Promise<void> {
  expect((await fs.stat(path.join(dataDir, 'postgres', 'PG_VERSION'))).isFile()).toBe(true);
  const cluster = await relocatedCluster(dataDir);
  if (isRoot) {
    expect(cluster, 'the database was moved out of the 0700 folder').toBeDefined();
    expect(cluster?.startsWith(`${closed}${path.sep}`)).toBe(false);
  } else {
    expect(cluster).toBeUndefined();
  }
}

/** Removes the test's folder and the relocated database it made, if any. */
async function cleanUp(closed: string, dataDir: string): Promise<void> {
  const cluster = await relocatedCluster(dataDir);
  if (cluster) await fs.rm(cluster, { recursive: true, force: true });
  await fs.rm(closed, { recursive: true, force: true });
}

describe('npm start from anywhere', () => {
  it(`starts from a fresh clone inside a 0700 folder ${AS_WHO}`, async () => {
    const closed = await privateFolder();
    const clone = path.join(closed, 'eclat');
    try {
      sh('git', ['clone', '--quiet', '--no-checkout', REPO, clone]);
      sh('git', ['checkout', '--quiet', '--detach', sh('git', ['rev-parse', 'HEAD'])], clone);
      await copyDependencies(clone);
      // Workspace packages resolve inside the clone, not in the repository it came from.
      expect(await fs.realpath(path.join(clone, 'node_modules', '@eclat', 'shared'))).toBe(
        path.join(await fs.realpath(clone), 'packages', 'shared'),
      );

      await startCheckAndStop(clone, {}); // DATA_DIR defaults to ./.data, inside the clone
      await expectDatabasePlaced(path.join(clone, '.data'), closed);
    } finally {
      await cleanUp(closed, path.join(clone, '.data'));
    }
  }, 150_000);

  it(`starts with DATA_DIR inside a 0700 folder ${AS_WHO}`, async () => {
    const closed = await privateFolder();
    const dataDir = path.join(closed, 'data');
    try {
      await startCheckAndStop(REPO, { DATA_DIR: dataDir });
      await expectDatabasePlaced(dataDir, closed);
    } finally {
      await cleanUp(closed, dataDir);
    }
  }, 120_000);
});
