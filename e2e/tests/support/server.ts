import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import { freePort } from '../../../apps/api/src/lib/free-port.ts';

const SERVER = path.resolve(import.meta.dirname, '../../../apps/api/src/server.ts');
const RESULTS = path.resolve(import.meta.dirname, '../../../test-results');

/** A server of its own (for tests that restart it), on the given port and data folder. */
export async function startOwnServer(
  port: number,
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      // The web build to serve, when a run builds it somewhere else than apps/web/dist.
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  // A start with the demo took over 60 s on the shared 2-core machine under load.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${errors}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/ready`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) {
      // Not left running (and taking the machine's CPU) behind a failed test.
      child.kill('SIGTERM');
      throw new Error(`server did not start: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A server of a test's own on a free port, with a new data folder (`test-results/<name>-<time>`; the
 * test removes it when it wants to).
 */
export async function startFreshServer(name: string, extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = path.join(RESULTS, `${name}-${Date.now()}`);
  const server = await startOwnServer(port, dataDir, extraEnv);
  return { ...server, port, dataDir, base: `http://127.0.0.1:${port}` };
}
