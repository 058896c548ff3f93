import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests: the production build served by the real server (embedded PostgreSQL, demo content)
 * on a free port with a fresh DATA_DIR, driven in the system's Chromium. `npm test` chooses the port
 * (E2E_PORT) and the browser (CHROMIUM_PATH).
 */
// Evaluated first in the main process; the workers inherit these values.
process.env.E2E_PORT ??= '3100';
// A fresh data folder per run, under the git-ignored test-results/ (`npm test` clears old ones).
process.env.E2E_DATA_DIR ??= path.join(import.meta.dirname, '../test-results', `e2e-data-${Date.now()}`);

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // Three, on 2 cores: tests also wait (emails, servers of their own, the network), and a third fills that
  // time. Measured on the shared 2-core machine, whole step: 2 workers 1129 s, 3 workers 928 s.
  workers: 3,
  // Generous on purpose: a slow or shared 2-core machine (seen: a third of the usual speed) must still pass;
  // a passing test takes no longer for it.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    // Recording a trace (a DOM snapshot at every action, a screencast) costs a quarter to a third of the run's
    // time on 2 cores. In CI, a failed test is run again with its trace recorded; elsewhere, a failure keeps its.
    trace: isCI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-CA',
    timezoneId: 'America/Toronto',
    // No fades: colours and positions are checked as they end up, not halfway through a transition.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-gpu',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `node ${path.join(import.meta.dirname, '../apps/api/src/server.ts')}`,
    url: `${baseURL}/api/v1/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  },
});
