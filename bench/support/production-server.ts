import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/api/src/lib/free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST_INDEX = path.join(ROOT, 'apps/web/dist/index.html');

/** Builds the web app when there is no build yet (`npm run build`, which also precompresses it). */
export function ensureWebBuild(): void {
  if (fs.existsSync(DIST_INDEX)) return;
  console.log('No web build found: running `npm run build` first.');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('`npm run build` failed');
}

export type ProductionServer = { base: string; dataDir: string; stop(): Promise<void> };

/**
 * The real server as it runs in production (`NODE_ENV=production`, the built web app, embedded PostgreSQL
 * with the demo content) on a free loopback port (or `BENCH_PORT`), with a data folder of its own in the temporary folder,
 * removed by `stop()`. Its log goes to `server.log` in that folder.
 */
export async function startProductionServer(name: string): Promise<ProductionServer> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), `eclat-bench-${name}-`));
  // `BENCH_PORT` pins the port (a machine shared with others may reserve a range); else any free one.
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = await fsp.open(path.join(dataDir, 'server.log'), 'w');
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/api/src/server.ts')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', log.fd, log.fd],
  });
  await log.close();
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await fsp.rm(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) {
      const output = await fsp.readFile(path.join(dataDir, 'server.log'), 'utf8').catch(() => '');
      await stop();
      throw new Error(`the server exited:\n${output}`);
    }
    try {
      if ((await fetch(`${base}/api/v1/ready`)).ok) return { base, dataDir, stop };
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error('the server did not start within 60 s');
}
