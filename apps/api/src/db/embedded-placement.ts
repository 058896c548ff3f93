import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from 'pino';

/**
 * Started as root, the launcher runs PostgreSQL as the `postgres` system user, which must reach its
 * programs and its data directory. A checkout or a DATA_DIR inside a folder closed to it (root's own 0700
 * home, any private folder) would make `initdb` fail with EACCES. Then, and only then, what PostgreSQL
 * needs is kept under {@link RELOCATION_ROOT} (decision 013):
 *
 * - programs: copied once per package version to `<root>/postgresql-<platform>-<arch>-<version>`,
 *   owned by root and readable by everyone (they can be copied again at any time);
 * - data: `<root>/clusters/<hash of DATA_DIR's real path>/postgres`, owned by `postgres`, with
 *   `DATA_DIR/postgres` a symbolic link to it and `<root>/clusters/<hash>/DATA_DIR` naming its owner.
 *
 * Permissions change only on what the launcher created (and on DATA_DIR, its own folder, which gets the
 * traverse bit when its parent is open to `postgres`): never on an enclosing folder.
 */
export const RELOCATION_ROOT = '/var/lib/eclat';

const execFileAsync = promisify(execFile);
const SUPERUSER = 'postgres';

export type PostgresUser = { uid: number; gid: number };
export type Binaries = { postgres: string; initdb: string };
type Log = Pick<Logger, 'info' | 'warn' | 'error'>;

/** A start that cannot go on; the message names the path and what to do, and is shown as is. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

/** PostgreSQL refuses to run as root: run it as the `postgres` system user, creating it if needed. */
export async function ensurePostgresUser(): Promise<PostgresUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      execFileAsync('id', ['-u', SUPERUSER]),
      execFileAsync('id', ['-g', SUPERUSER]),
    ]);
    return { uid: Number.parseInt(uid, 10), gid: Number.parseInt(gid, 10) };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync('groupadd', ['--system', SUPERUSER]).catch(() => undefined);
    await execFileAsync('useradd', ['--system', '--no-create-home', '-g', SUPERUSER, SUPERUSER]);
    return lookup();
  }
}

const WHO = 'PostgreSQL runs as the "postgres" system user (it refuses to run as root), which';
const WHAT_TO_DO =
  'Put the checkout and DATA_DIR in a folder the postgres user can enter (for example /srv/eclat), ' +
  'or set DATABASE_URL to use another PostgreSQL.';

async function exists(file: string): Promise<boolean> {
  return fs.lstat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Whether a program run as the postgres user succeeds: spawned with the same credentials as PostgreSQL
 * itself (uid and gid, no supplementary groups), so ACLs and mount options count as they will.
 */
async function runsAsPostgres(user: PostgresUser, file: string, args: string[]): Promise<boolean> {
  try {
    await execFileAsync(file, args, { uid: user.uid, gid: user.gid, cwd: '/' });
    return true;
  } catch {
    return false;
  }
}

const canEnter = (user: PostgresUser, dir: string) => runsAsPostgres(user, 'test', ['-x', dir]);

/** Why the postgres user cannot reach `target`: the outermost folder on the way it cannot enter. */
async function obstacle(user: PostgresUser, target: string): Promise<string> {
  const chain: string[] = [];
  for (let dir = target; ; dir = path.dirname(dir)) {
    chain.unshift(dir);
    if (dir === path.dirname(dir)) break;
  }
  for (const dir of chain) if (!(await canEnter(user, dir))) return `cannot enter ${dir}`;
  return `cannot use what is in ${target}`;
}

/**
 * Creates `dir` if needed; the folders this call creates get `mode` whatever the umask. Existing folders
 * keep theirs.
 */
async function makeFolder(dir: string, mode: number): Promise<void> {
  const created = await fs.mkdir(dir, { recursive: true });
  if (!created) return;
  for (let current = dir; ; current = path.dirname(current)) {
    await fs.chmod(current, mode);
    if (current === created || current === path.dirname(current)) break;
  }
}

/** Folders 0755; files readable by everyone, executable by everyone when executable by their owner. */
async function openToEveryone(dir: string): Promise<void> {
  await fs.chmod(dir, 0o755);
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await fs.chmod(file, 0o755);
    else if (entry.isFile()) {
      const { mode } = await fs.stat(file);
      await fs.chmod(file, (mode & 0o777) | 0o444 | (mode & 0o100 ? 0o111 : 0));
    }
  }
}

async function binariesRun(user: PostgresUser, bin: Binaries): Promise<boolean> {
  const bki = path.join(path.dirname(path.dirname(bin.initdb)), 'share', 'postgresql', 'postgres.bki');
  const checks = await Promise.all([
    runsAsPostgres(user, bin.postgres, ['--version']),
    runsAsPostgres(user, bin.initdb, ['--version']),
    runsAsPostgres(user, 'test', ['-r', bki]),
  ]);
  return checks.every(Boolean);
}

function failure(message: string, error: unknown): EmbeddedPostgresError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return new EmbeddedPostgresError(`${message}${code ? ` (${code})` : ''}. ${WHAT_TO_DO}`, { cause: error });
}

/**
 * The PostgreSQL programs as the postgres user can run them: where npm installed them when it can reach
 * them, otherwise a copy under `root` keyed by the package's version (made once, atomically).
 */
export async function reachableBinaries(
  bin: Binaries,
  user: PostgresUser,
  root: string,
  log: Log,
): Promise<Binaries> {
  if (await binariesRun(user, bin)) return bin;
  const source = path.dirname(path.dirname(bin.postgres));
  const why = await obstacle(user, source);
  const manifest = JSON.parse(await fs.readFile(path.join(source, '..', 'package.json'), 'utf8')) as {
    version?: string;
  };
  const target = path.join(root, `postgresql-${os.platform()}-${os.arch()}-${manifest.version ?? 'unknown'}`);
  const copy = { postgres: path.join(target, 'bin', 'postgres'), initdb: path.join(target, 'bin', 'initdb') };
  if (!(await exists(copy.postgres))) {
    const staging = `${target}.partial-${randomBytes(4).toString('hex')}`;
    try {
      await makeFolder(root, 0o755);
      await fs.cp(source, staging, { recursive: true, verbatimSymlinks: true });
      await openToEveryone(staging);
      // Another server may have finished the same copy first: theirs is as good as ours.
      await fs.rename(staging, target).catch(async (error: unknown) => {
        if (!(await exists(copy.postgres))) throw error;
      });
    } catch (error) {
      throw failure(`${WHO} ${why}, so Éclat copies its programs to ${target}, which failed`, error);
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
    log.info({ from: source, to: target }, `the postgres user ${why}: PostgreSQL's programs were copied`);
  }
  if (!(await binariesRun(user, copy))) {
    throw new EmbeddedPostgresError(
      `${WHO} ${why} (where npm installed PostgreSQL's programs), cannot run the copy in ${target} ` +
        `either: it ${await obstacle(user, target)} (a folder may not allow running programs). ${WHAT_TO_DO}`,
    );
  }
  return copy;
}

/**
 * Whether PostgreSQL can keep its data in `DATA_DIR/postgres`: the postgres user can enter DATA_DIR's
 * parent, and DATA_DIR itself or it is ours to open (the traverse bit only: the folder stays unlistable).
 */
async function dataDirReachable(dataDir: string, user: PostgresUser): Promise<boolean> {
  if (!(await canEnter(user, path.dirname(dataDir)))) return false;
  if (await canEnter(user, dataDir)) return true;
  const { uid, mode } = await fs.stat(dataDir);
  if (uid !== process.getuid?.()) return false;
  await fs.chmod(dataDir, (mode & 0o7777) | 0o011);
  return canEnter(user, dataDir);
}

/** The relocated cluster's folder: one per DATA_DIR, so two checkouts never share a database. */
function clusterFolder(root: string, realDataDir: string): string {
  const key = createHash('sha256').update(realDataDir).digest('hex').slice(0, 16);
  return path.join(root, 'clusters', key);
}

/** Creates the cluster's folder (root's, 0711: the postgres user enters it, nobody lists it) and its owner note. */
async function prepareCluster(cluster: string, realDataDir: string, user: PostgresUser): Promise<void> {
  await makeFolder(path.dirname(cluster), 0o711);
  await makeFolder(cluster, 0o711);
  await fs.writeFile(
    path.join(cluster, 'DATA_DIR'),
    `${realDataDir}\n\nThe PostgreSQL data of the Éclat server whose DATA_DIR is above: its ` +
      `DATA_DIR/postgres links here. Remove this folder only with that DATA_DIR.\n`,
  );
  if (!(await canEnter(user, cluster))) {
    throw new EmbeddedPostgresError(
      `${WHO} ${await obstacle(user, cluster)}, where Éclat keeps the database when it cannot reach ` +
        `DATA_DIR. ${WHAT_TO_DO}`,
    );
  }
}

/**
 * The data a removed DATA_DIR of the same path left here (a checkout deleted, then cloned again in the same
 * place): its password went with that DATA_DIR, so nothing can open it. It is moved aside, never deleted,
 * and the new DATA_DIR starts a new database.
 */
async function setAsideOrphan(dataDir: string, relocated: string, log: Log): Promise<void> {
  if (!(await exists(path.join(relocated, 'PG_VERSION')))) return;
  if (await exists(path.join(dataDir, 'postgres.secret'))) return; // its own data, only unlinked
  const aside = `${relocated}.orphaned-${new Date().toISOString().replace(/[-:.]/g, '')}`;
  await fs.rename(relocated, aside);
  log.warn(
    { pgDir: aside },
    `the PostgreSQL data of a removed DATA_DIR of this path was set aside in ${aside} (remove it when it is not needed)`,
  );
}

/**
 * Where PostgreSQL keeps its data: `DATA_DIR/postgres` when the postgres user can reach it (or when not
 * root), data from an earlier run included; otherwise a cluster under `root` that `DATA_DIR/postgres`
 * links to. Returns the real path (PostgreSQL must not go through the link).
 */
export async function placeData(
  dataDir: string,
  user: PostgresUser | undefined,
  root: string,
  log: Log,
): Promise<string> {
  const local = path.join(dataDir, 'postgres');
  const found = await fs.lstat(local).catch(() => undefined);
  const realDataDir = await fs.realpath(dataDir);
  const cluster = clusterFolder(root, realDataDir);
  const relocated = path.join(cluster, 'postgres');

  if (found?.isSymbolicLink()) {
    const target = path.resolve(dataDir, await fs.readlink(local));
    if (!user) return target;
    if (target !== relocated) {
      throw new EmbeddedPostgresError(
        `${local} links to the PostgreSQL data in ${target}, which is not this DATA_DIR's ` +
          `(${relocated}): this DATA_DIR was copied or moved. If it was moved, move the data too ` +
          `(mkdir -p ${path.dirname(cluster)} && mv ${path.dirname(target)} ${cluster} && ln -sfn ${relocated} ${local}); ` +
          `if it was copied, remove the link (rm ${local}) to start with a new database.`,
      );
    }
    await prepareCluster(cluster, realDataDir, user);
    return relocated;
  }
  if (!user || (await dataDirReachable(dataDir, user))) return local;

  const why = await obstacle(user, dataDir);
  if (found && (await exists(path.join(local, 'PG_VERSION')))) {
    throw new EmbeddedPostgresError(
      `The PostgreSQL data of an earlier run is in ${local}, but ${WHO} ` +
        `${why}. Either move DATA_DIR to a folder the postgres user can enter, or move the data where ` +
        `Éclat keeps it in that case: mkdir -p ${cluster} && chmod 711 ${cluster} && mv ${local} ${relocated} ` +
        `&& ln -s ${relocated} ${local}`,
    );
  }
  try {
    // Without PG_VERSION it is what an interrupted (or refused) initdb left: it holds no data.
    if (found) await fs.rm(local, { recursive: true, force: true });
    await setAsideOrphan(dataDir, relocated, log);
    await prepareCluster(cluster, realDataDir, user);
    await fs.symlink(relocated, local);
  } catch (error) {
    if (error instanceof EmbeddedPostgresError) throw error;
    throw failure(`${WHO} ${why}, so Éclat keeps the database in ${relocated}, which failed`, error);
  }
  log.info(
    { dataDir, pgDir: relocated },
    `the postgres user ${why}: the database is kept in ${relocated} (${local} links there)`,
  );
  return relocated;
}
