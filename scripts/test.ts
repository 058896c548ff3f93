/**
 * `npm test`: the whole suite, in order: format, lint (eslint and the import rules), typecheck and the web build (side by side), unit
 * tests, component tests (happy-dom), the build's byte budgets, API tests on a real PostgreSQL (the pre-rendered pages among them), then end-to-end tests
 * in Chromium against the production build served by the real server. Every step runs even when an earlier one failed (except e2e without a build), and the last
 * line is the plain summary `N passed, N failed` counting every test and every check.
 *
 * Options: `--only=lint,typecheck,unit,components,budgets,api,e2e` to run a subset.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
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
  /** The failed tests (and, for e2e, those that passed only on retry), named in the summary. */
  failures?: string[];
};

/** The first line of a failure's message, short enough for the summary. */
function firstLine(message: string | undefined): string {
  const line = (message ?? '').split('\n').find((text) => text.trim() !== '') ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
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

/**
 * As `run`, without a terminal: the command's output (stdout and stderr in order) is kept and printed
 * whole, under its heading, once it ends; so steps can run side by side and still read one after another.
 */
function runBuffered(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finish = (ok: boolean, extra = '') => {
      console.log(`\n\u25b6 ${command} ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(chunks));
      if (extra) console.error(extra);
      resolve(ok);
    };
    child.once('error', (error) => {
      finish(false, error.message);
    });
    child.once('close', (code) => {
      finish(code === 0);
    });
  });
}

function bin(name: string): string {
  return path.join(ROOT, 'node_modules', '.bin', name);
}

/** A check counted as one test; the caller records its result (steps that run side by side, in order). */
async function check(name: string, ok: () => Promise<boolean>): Promise<StepResult> {
  const started = Date.now();
  const passed = await ok();
  return {
    name,
    passed: passed ? 1 : 0,
    failed: passed ? 0 : 1,
    skipped: 0,
    seconds: (Date.now() - started) / 1000,
  };
}

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
};

/** Each failed test of a Vitest report as `file › test: first line of the error`, and each file that failed outside a test. */
function vitestFailures(data: VitestReport): string[] {
  const failures: string[] = [];
  for (const file of data.testResults ?? []) {
    const where = path.relative(ROOT, file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests)
      failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`${where}: ${firstLine(file.message)}`);
  }
  return failures;
}

/**
 * One Vitest project, its tests counted from its JSON report. `buffered`: its output kept and printed whole
 * when it ends, for a step that runs beside others.
 */
async function vitest(
  project: 'unit' | 'components' | 'budgets' | 'api',
  buffered = false,
): Promise<StepResult> {
  const started = Date.now();
  const report = path.join(RESULTS, `vitest-${project}.json`);
  fs.rmSync(report, { force: true });
  const args = [
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const ok = buffered ? await runBuffered(bin('vitest'), args) : run(bin('vitest'), args);
  const seconds = (Date.now() - started) / 1000;
  if (!fs.existsSync(report)) {
    return {
      name: `${project} tests`,
      passed: 0,
      failed: 1,
      skipped: 0,
      seconds,
      note: 'no report: the run crashed',
    };
  }
  const data = JSON.parse(fs.readFileSync(report, 'utf8')) as VitestReport;
  const failed = data.numFailedTests + (ok || data.numFailedTests > 0 ? 0 : 1);
  const passed = data.numPassedTests;
  return {
    name: `${project} tests`,
    passed,
    failed: passed + data.numFailedTests === 0 ? Math.max(failed, 1) : failed,
    skipped: data.numPendingTests + data.numTodoTests,
    seconds,
    failures: vitestFailures(data),
    ...(passed + data.numFailedTests === 0 ? { note: 'no test ran' } : {}),
  };
}

type PlaywrightSpec = {
  title: string;
  file: string;
  line: number;
  tests: { status: string; results: { status: string; error?: { message?: string } }[] }[];
};
type PlaywrightSuite = { specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
};

/** Each e2e test that failed, or passed only on retry, with the first line of its first error. */
function playwrightFailures(suites: PlaywrightSuite[] = []): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
        .map((test) => {
          const error = test.results.find((result) => result.error)?.error?.message;
          const label = test.status === 'flaky' ? 'passed on retry' : 'failed';
          return `${spec.file}:${spec.line} › ${spec.title} (${label}): ${firstLine(stripVTControlCharacters(error ?? ''))}`;
        }),
    ),
    ...playwrightFailures(suite.suites),
  ]);
}

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
  const { stats, suites } = JSON.parse(fs.readFileSync(report, 'utf8')) as PlaywrightReport;
  const passed = stats.expected + stats.flaky;
  results.push({
    name: 'e2e tests',
    passed,
    failed: stats.unexpected + (ok || stats.unexpected > 0 ? 0 : 1),
    skipped: stats.skipped,
    seconds,
    failures: playwrightFailures(suites),
    ...(stats.flaky > 0 ? { note: `${stats.flaky} passed only on retry` } : {}),
  });
}

const tscProjects = ['tsconfig.json', 'packages/shared', 'apps/api', 'apps/web', 'e2e', 'bench'];

// Format, lint, typecheck and the web build read the sources and write nothing the others read: they run
// side by side (eslint alone takes most of a core), each one's output printed whole when it ends. The unit
// and component tests need neither the build nor a database: they start once the typecheck has ended and
// run on the core it leaves, while eslint (the longest, one core) goes on (decision 051). The summary keeps
// the usual order.
const needsBuild = wants('budgets') || wants('api') || wants('e2e');
const beside: Promise<StepResult>[] = [];
if (wants('lint')) {
  beside.push(
    check('format (prettier)', () => runBuffered(bin('prettier'), ['--check', '.', '--log-level', 'warn'])),
    check('lint (eslint)', () => runBuffered(bin('eslint'), ['.', '--max-warnings', '0'])),
    // The layers' import rules (.dependency-cruiser.cjs), as `npm run lint` runs them.
    check('import rules (dependency-cruiser)', () => runBuffered('npm', ['run', 'lint:imports', '--silent'])),
  );
}
const typecheck = wants('typecheck')
  ? check('typecheck (tsc)', async () => {
      for (const project of tscProjects) if (!(await runBuffered(bin('tsc'), ['-p', project]))) return false;
      return true;
    })
  : undefined;
if (typecheck) beside.push(typecheck);
// The build comes early: the budgets, the API's pre-rendered pages and the browser all use it.
const build = needsBuild
  ? check('web build', () => runBuffered('npm', ['run', 'build', '--silent']))
  : undefined;
if (build) beside.push(build);
const afterTypecheck = async () => {
  await typecheck;
  const tests: StepResult[] = [];
  if (wants('unit')) tests.push(await vitest('unit', true));
  if (wants('components')) tests.push(await vitest('components', true));
  return tests;
};
const [besideResults, testResults] = await Promise.all([Promise.all(beside), afterTypecheck()]);
results.push(...besideResults, ...testResults);
const built = (await build)?.failed === 0;
if (wants('budgets')) results.push(await vitest('budgets'));
if (wants('api')) results.push(await vitest('api'));
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
// What failed, by name, where the end of a long log is all that is read.
const failures = results.flatMap((r) => (r.failures ?? []).map((failure) => `${r.name}: ${failure}`));
if (failures.length > 0) {
  console.log('\nFailed, or passed only on retry');
  for (const failure of failures) console.log(`  ${failure}`);
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
