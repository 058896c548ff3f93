import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

const logger = pino({ level: 'silent' });

describe('embedded PostgreSQL start after a reboot', () => {
  it('leaves alone a process that now has the pid of a stale lock file, and starts', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-embedded-'));
    const first = await startEmbeddedPostgres({ dataDir, logger });
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
      await second.stop();
    } finally {
      bystander.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
