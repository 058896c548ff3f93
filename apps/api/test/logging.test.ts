import { spawn } from 'node:child_process';
import path from 'node:path';
import { stripVTControlCharacters, styleText } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { freePort } from '../src/lib/free-port.ts';
import { createTestDatabase } from './helpers.ts';
import { killServerProcesses, startReadyServer, stopServer } from './server-process.ts';

/**
 * Decision 039: `npm start` on a terminal prints lines a person reads (coloured), piped it prints the JSON
 * lines of before. The real server, on a pseudo-terminal made by `script` (util-linux), and on a pipe.
 * Both start with daily backups on and no passphrase: the warning that they are not encrypted comes once.
 */

const POLL_MS = 100;

/** Waits until `check` holds, or fails with what was seen after `timeoutMs`. */
async function until(check: () => boolean, seen: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Not seen in time:\n${seen()}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

afterAll(killServerProcesses);

describe('the server logs', () => {
  it('on a terminal: readable, coloured lines with the request summary, no JSON', async () => {
    const port = await freePort();
    const env = {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATABASE_URL: await createTestDatabase(),
      SEED_DEMO: 'false',
      TERM: 'xterm-256color',
    };
    const server = path.join('apps', 'api', 'src', 'server.ts');
    const child = spawn('script', ['-qec', `'${process.execPath}' '${server}'`, '/dev/null'], {
      cwd: REPO_ROOT,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await until(
        () => output.includes('is running at'),
        () => output,
      );
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/services?page=1`);
      expect(res.status).toBe(200);
      await until(
        () => stripVTControlCharacters(output).includes('GET /api/v1/services 200'),
        () => output,
      );
    } finally {
      // Ctrl-C on the terminal: SIGINT, a graceful stop.
      child.stdin.write('\u0003');
      await exited;
    }
    const lines = stripVTControlCharacters(output).replaceAll('\r', '').split('\n');
    expect(lines.find((line) => line.includes('GET /api/v1/services 200'))).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}GET \/api\/v1\/services 200 [\d.]+ ms reqId=\S+$/,
    );
    expect(lines.find((line) => line.includes('is running at'))).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}Éclat is running at http:\/\/localhost:\d+$/,
    );
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    // Coloured: the level and the status are painted.
    expect(output).toContain(styleText('green', 'INFO ', { validateStream: false }));
    expect(output.match(/not encrypted/g)).toHaveLength(1);
  }, 120_000);

  it('on a pipe: the JSON lines of before', async () => {
    const server = await startReadyServer({ DATABASE_URL: await createTestDatabase(), SEED_DEMO: 'false' });
    const res = await fetch(`${server.base}/api/v1/services?page=1`);
    expect(res.status).toBe(200);
    await until(() => server.output().includes('"route":"/api/v1/services"'), server.output);
    await stopServer(server);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.find((entry) => entry.route === '/api/v1/services')).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      statusCode: 200,
    });
    expect(entries.filter((entry) => String(entry.msg).includes('not encrypted'))).toHaveLength(1);
    expect(server.output()).not.toContain('\u001b[');
  }, 120_000);
});
