import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Four projects:
 * - unit: pure tests (shared package, web helpers, catalogue parity, build scripts); no database, no network.
 * - components: web components rendered in happy-dom with Testing Library, the real catalogues, the API
 *   answered by a `fetch` handler in the test (decision 045).
 * - budgets: the web build's bytes per page (needs `npm run build`).
 * - api: the real app (`app.inject`) against a real PostgreSQL, one fresh database per test file.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          alias: { '@/': `${path.resolve(import.meta.dirname, 'apps/web/src')}/` },
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'components',
          alias: { '@/': `${path.resolve(import.meta.dirname, 'apps/web/src')}/` },
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
        },
      },
      {
        // After `npm run build`: what the built pages load, against their budgets.
        test: {
          name: 'budgets',
          include: ['apps/web/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          // Bounds for a hung test, not speed checks: on a loaded 2-core machine building an app on a
          // fresh database alone took 7.5 s, and a test of a few bookings went past 30 s (three files
          // at once beside five other engineers' work).
          testTimeout: 60_000,
          hookTimeout: 90_000,
          pool: 'forks',
          // Three files at once, each in its own process on its own database: most of their time is
          // spent waiting on PostgreSQL, a child process or a job worker (decision 033). The default on
          // 2 cores is 1, one file after another.
          maxWorkers: 3,
          // Files one after another in a process, reusing the modules it loaded: each file still builds
          // its own app on its own database, and none changes a module's state or mocks one. Loading the
          // app's modules afresh for every file was a quarter of its time (11 files, 131 tests: 74.5 s of
          // CPU and 111 s isolated, 58.1 s and 100 s not; import 24 % of the time, then 6 %).
          isolate: false,
        },
      },
    ],
  },
});
