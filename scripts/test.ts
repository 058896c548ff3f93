/**
 * `npm test`: the whole suite, in order: format and lint, typecheck, web build, unit tests, the build's
 * byte budgets, API tests on a real PostgreSQL (the pre-rendered pages among them), then end-to-end tests
 * in Chromium against the production build served by the real server. Every step runs even when an earlier one failed (except e2e without a build), and the last
 * line is the plain summary `N passed, N failed` counting every test and every check.
 *
 * Options: `--only=lint,typecheck,unit,budgets,api,e2e` to run a subset.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.ts';
import { freePort } from '../apps/api/src/lib/free-port.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'test-results');
fs.mkdirSync(RESULTS, { recursive: true });
// Data folders of earlier end-to-end runs.
for (const entry of fs.readdirSync(RESULTS)) {
  if (entry.startsWith('e2e-data-')) fs.rmSync(path.join(RESULTS, entry), { recursive: true, force: true });
}

type StepResult = {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  note?: string;
};
const results: StepResult[] = [];
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wants = (step: string) => !only || only.includes(step);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n\u25b6 ${command} ${args.join(' ')}`);
  const outcome = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return outcome.status === 0;
}

function bin(name: string): string {
  return path.join(ROOT, 'node_modules', '.bin', name);
}

function check(name: string, ok: () => boolean) {
  const started = Date.now();
  const passed = ok();
  results.push({
    name,
    passed: passed ? 1 : 0,
    failed: passed ? 0 : 1,
    skipped: 0,
    seconds: (Date.now() - started) / 1000,
  });
  return passed;
}

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
};

function vitest(project: 'unit' | 'budgets' | 'api') {
  const started = Date.now();
  const report = path.join(RESULTS, `vitest-${project}.json`);
  fs.rmSync(report, { force: true });
  const ok = run(bin('vitest'), [
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  const seconds = (Date.now() - started) / 1000;
  if (!fs.existsSync(report)) {
    results.push({
      name: `${project} tests`,
      passed: 0,
      failed: 1,
      skipped: 0,
      seconds,
      note: 'no report: the run crashed',
    });
    return;
  }
  const data = JSON.parse(fs.readFileSync(report, 'utf8')) as VitestReport;
  const failed = data.numFailedTests + (ok || data.numFailedTests > 0 ? 0 : 1);
  const passed = data.numPassedTests;
  results.push({
    name: `${project} tests`,
    passed,
    failed: passed + data.numFailedTests === 0 ? Math.max(failed, 1) : failed,
    skipped: data.numPendingTests + data.numTodoTests,
    seconds,
    ...(passed + data.numFailedTests === 0 ? { note: 'no test ran' } : {}),
  });
}

type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };

async function e2e(built: boolean) {
  const started = Date.now();
  if (!built) {
    results.push({
      name: 'e2e tests',
      passed: 0,
      failed: 1,
      skipped: 0,
      seconds: 0,
      note: 'skipped: the web build failed',
    });
    return;
  }
  const chromium = ensureChromium();
  if (!chromium.ok) {
    console.error(`\n${chromium.message}`);
    results.push({ name: 'e2e tests', passed: 0, failed: 1, skipped: 0, seconds: 0, note: 'no Chromium' });
    return;
  }
  const report = path.join(RESULTS, 'playwright.json');
  fs.rmSync(report, { force: true });
  const ok = run(bin('playwright'), ['test', '--config', 'e2e/playwright.config.ts'], {
    CHROMIUM_PATH: chromium.path,
    E2E_PORT: String(await freePort()),
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  const seconds = (Date.now() - started) / 1000;
  if (!fs.existsSync(report)) {
    results.push({
      name: 'e2e tests',
      passed: 0,
      failed: 1,
      skipped: 0,
      seconds,
      note: 'no report: the run crashed',
    });
    return;
  }
  const { stats } = JSON.parse(fs.readFileSync(report, 'utf8')) as PlaywrightReport;
  const passed = stats.expected + stats.flaky;
  results.push({
    name: 'e2e tests',
    passed,
    failed: stats.unexpected + (ok || stats.unexpected > 0 ? 0 : 1),
    skipped: stats.skipped,
    seconds,
    ...(stats.flaky > 0 ? { note: `${stats.flaky} passed only on retry` } : {}),
  });
}

const tscProjects = ['tsconfig.json', 'packages/shared', 'apps/api', 'apps/web', 'e2e', 'bench'];

if (wants('lint')) {
  check('format (prettier)', () => run(bin('prettier'), ['--check', '.', '--log-level', 'warn']));
  check('lint (eslint)', () => run(bin('eslint'), ['.', '--max-warnings', '0']));
}
if (wants('typecheck')) {
  check('typecheck (tsc)', () => tscProjects.every((project) => run(bin('tsc'), ['-p', project])));
}
// The build comes first: the budgets, the API's pre-rendered pages and the browser all use it.
const needsBuild = wants('budgets') || wants('api') || wants('e2e');
const built = needsBuild && check('web build', () => run('npm', ['run', 'build', '--silent']));
if (wants('unit')) vitest('unit');
if (wants('budgets')) vitest('budgets');
if (wants('api')) vitest('api');
if (wants('e2e')) await e2e(built);

const width = Math.max(...results.map((r) => r.name.length));
console.log('\nSummary');
for (const r of results) {
  const status = r.failed > 0 ? 'FAIL' : 'ok  ';
  const counts = `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
  console.log(
    `  ${status} ${r.name.padEnd(width)}  ${counts}  (${r.seconds.toFixed(1)} s)${r.note ? `  ${r.note}` : ''}`,
  );
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
