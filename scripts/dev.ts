/**
 * `npm run dev`: the API with automatic restarts (port 3000, embedded PostgreSQL) and the Vite dev server
 * (http://localhost:5173, hot reload) which proxies /api and /oidc to the API. Ctrl+C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];

function start(name: string, command: string, args: string[], cwd: string) {
  const child = spawn(command, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'development' },
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}`)
      .join('\n');
  child.stdout.on('data', (chunk: Buffer) => {
    console.log(prefix(chunk));
  });
  child.stderr.on('data', (chunk: Buffer) => {
    console.error(prefix(chunk));
  });
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${String(code)}`);
    stop();
  });
  children.push(child);
}

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
}

process.on('SIGINT', stop);
process.on('SIGTERM', stop);

start('api', process.execPath, ['--watch', 'src/server.ts'], path.join(ROOT, 'apps/api'));
start('web', path.join(ROOT, 'node_modules/.bin/vite'), [], path.join(ROOT, 'apps/web'));
console.log('Éclat dev: web app on http://localhost:5173 (API on http://localhost:3000)');
