import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.ts';
import { startEmbeddedPostgres } from './embedded.ts';

export type DatabaseHandle = { url: string; close(): Promise<void> };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of this DATA_DIR's server while it runs (its `server.pid`, alive), else undefined. */
export async function runningServerPid(config: AppConfig): Promise<number | undefined> {
  const pid = Number.parseInt(
    (await fs.readFile(path.join(config.dataDir, 'server.pid'), 'utf8').catch(() => '')).trim(),
    10,
  );
  return pid && isAlive(pid) ? pid : undefined;
}

/**
 * For tools that run beside the server (`npm run users`): the database of this configuration, whether or
 * not the server is running. An external DATABASE_URL is used as is; a running server's embedded
 * PostgreSQL is joined; otherwise the embedded PostgreSQL is started for the tool and stopped after.
 */
export async function connectForTool(
  config: AppConfig,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return { url: config.databaseUrl, close: () => Promise.resolve() };
  if (await runningServerPid(config)) {
    const pidFile = (
      await fs.readFile(path.join(config.dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '')
    ).split('\n');
    const port = Number.parseInt(pidFile[3] ?? '', 10);
    const password = (await fs.readFile(path.join(config.dataDir, 'postgres.secret'), 'utf8')).trim();
    if (port) {
      return {
        url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/eclat`,
        close: () => Promise.resolve(),
      };
    }
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    logger,
  });
  return { url: embedded.url, close: () => embedded.stop() };
}
