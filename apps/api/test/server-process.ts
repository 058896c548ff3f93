import { spawn, type ChildProcessByStdio } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { REPO_ROOT } from '../src/config.ts';
import { freePort } from '../src/lib/free-port.ts';

/**
 * The real server as `npm start` runs it: `node apps/api/src/server.ts` in a child process of its own, on
 * a free port of loopback. For the tests that stop it, kill it with SIGKILL or start it beside another.
 */
export type ServerProcess = {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Everything it wrote so far, stdout and stderr together. */
  output: () => string;
  /** Its exit code once it has exited (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Has it exited (by itself or by a signal)? */
  gone: () => boolean;
};

const running = new Set<ServerProcess>();
/** Between two asks of /api/v1/ready while it starts (an exit ends the wait at once). */
const READY_POLL_MS = 100;

/**
 * Starts the server with `env` (and this PATH and a free PORT, nothing else of this process's
 * environment) and waits until /api/v1/ready answers 200: `ready: true`; or until it exits first:
 * `ready: false`, with its output. A start that neither happens within `timeoutMs` throws.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<ServerProcess & { ready: boolean }> {
  // A free port can be taken by another test file's process before this one binds it (files run side by
  // side): that start is made again on another port.
  for (let attempt = 1; ; attempt += 1) {
    const started = await startOnFreePort(env, options);
    if (started.ready || attempt === 3 || !started.output().includes('EADDRINUSE')) return started;
  }
}

async function startOnFreePort(
  env: Record<string, string>,
  options: { cwd?: string; timeoutMs?: number },
): Promise<ServerProcess & { ready: boolean }> {
  const server = await spawnServer(env, options);
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (server.gone()) return { ...server, ready: false };
    const res = await fetch(`${server.base}/api/v1/ready`, { signal: AbortSignal.timeout(10_000) }).catch(
      () => undefined, // not listening yet
    );
    if (res?.status === 200) return { ...server, ready: true };
    await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, READY_POLL_MS))]);
  }
  throw new Error(`The server neither became ready nor stopped:\n${server.output()}`);
}

/** Starts the server on a free port and returns at once, while it starts (for a test that stops it then). */
export async function spawnServer(
  env: Record<string, string>,
  options: { cwd?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const cwd = options.cwd ?? REPO_ROOT;
  const child = spawn(process.execPath, [path.join('apps', 'api', 'src', 'server.ts')], {
    cwd,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let gone = false;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      gone = true;
      resolve(code);
    });
  });
  const server: ServerProcess = {
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    gone: () => gone,
  };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

/** As `startServerProcess`, for a start that must succeed: throws with its output when it exits first. */
export async function startReadyServer(
  env: Record<string, string>,
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const server = await startServerProcess(env, options);
  if (!server.ready) throw new Error(`The server exited before it was ready:\n${server.output()}`);
  return server;
}

/** Sends `signal` (SIGTERM: a graceful stop) and resolves with the exit code. */
export async function stopServer(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | null> {
  if (!server.gone()) server.child.kill(signal);
  return server.exited;
}

/** For `afterAll`: kills (SIGKILL) every server a test left running and waits until each is gone. */
export async function killServerProcesses(): Promise<void> {
  await Promise.all([...running].map((server) => stopServer(server, 'SIGKILL')));
}
