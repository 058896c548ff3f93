/**
 * Lighthouse on the public pages of the production server (built web app, demo content), with its mobile
 * preset (the default: a mid-range phone on a slow 4G link, simulated) and its desktop preset, three runs
 * each, in English. Prints the median of the runs for each score (performance, accessibility, best
 * practices, SEO) and metric (FCP, LCP, TBT, CLS), then the audits that cost points outside performance.
 * Chromium is the system's, started without anything that reaches out of the machine; Lighthouse itself
 * fetches nothing but the pages. Figures only, never a pass/fail.
 * Run: `npm run bench:lighthouse [runs=3]` (builds the web app first when there is no build);
 * `BENCH_PORT` and `BENCH_CHROME_PORT` pin the server's and Chromium's ports; `LIGHTHOUSE_REPORTS=<folder>`
 * keeps every run's JSON report.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium.ts';
import { ensureWebBuild, startProductionServer } from './support/production-server.ts';

const runs = Number(process.argv[2] ?? 3);
const PAGES = ['/', '/services', '/about-us', '/contacts'] as const;
const PRESETS = ['mobile', 'desktop'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
} as const;

type Run = {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<keyof typeof METRICS, number>;
  /** Audits that lost points outside performance: "category: audit title". */
  lost: string[];
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Tries a run again when Lighthouse itself asks for it (a trace it could not read, seen on a busy machine). */
const ATTEMPTS = 3;

async function lighthouseResult(url: string, preset: (typeof PRESETS)[number], port: number) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt === ATTEMPTS) throw new Error(`${url} (${preset}): ${error.message}`);
    console.log(`${url} (${preset}): ${error.code}, running it again`);
  }
}

/** `LIGHTHOUSE_REPORTS=<folder>` keeps each run's full JSON report there (to read what costs points). */
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
let reportCount = 0;

async function audit(url: string, preset: (typeof PRESETS)[number], port: number): Promise<Run> {
  const lhr = await lighthouseResult(url, preset, port);
  if (reportsDir) {
    reportCount += 1;
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${preset}-${String(reportCount)}.json`;
    await fsp.mkdir(reportsDir, { recursive: true });
    await fsp.writeFile(path.join(reportsDir, name), JSON.stringify(lhr));
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100)]),
  ) as Run['scores'];
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? Number.NaN]),
  ) as Run['metrics'];
  const lost = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((result) => result?.score !== null && result?.score !== undefined && result.score < 1)
      .map((result) => `${id}: ${result?.title ?? ''}`),
  );
  return { scores, metrics, lost };
}

ensureWebBuild();
const server = await startProductionServer('lighthouse');
// `BENCH_CHROME_PORT` pins Chromium's debugging port like `BENCH_PORT` the server's; else any free one.
const chrome = await launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_FLAGS,
  ...(process.env.BENCH_CHROME_PORT ? { port: Number(process.env.BENCH_CHROME_PORT) } : {}),
});
try {
  // A first request to each page and its data, so no run pays for the server's first queries.
  for (const path of [...PAGES, '/api/v1/services', '/api/v1/feedbacks?status=VISIBLE']) {
    await (await fetch(`${server.base}${path}`)).arrayBuffer();
  }
  const rows = [];
  const lostPoints = new Map<string, Set<string>>();
  for (const path of PAGES) {
    for (const preset of PRESETS) {
      const results: Run[] = [];
      process.stderr.write(`${path} ${preset}: ${String(runs)} runs\n`);
      for (let run = 0; run < runs; run += 1) {
        results.push(await audit(`${server.base}${path}`, preset, chrome.port));
      }
      const score = (id: (typeof CATEGORIES)[number]) => median(results.map((result) => result.scores[id]));
      const metric = (name: keyof typeof METRICS) => median(results.map((result) => result.metrics[name]));
      rows.push({
        page: path,
        preset,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best practices': score('best-practices'),
        SEO: score('seo'),
        'FCP s': (metric('FCP') / 1000).toFixed(1),
        'LCP s': (metric('LCP') / 1000).toFixed(1),
        'TBT ms': Math.round(metric('TBT')),
        CLS: metric('CLS').toFixed(3),
      });
      for (const lost of results.flatMap((result) => result.lost)) {
        const pages = lostPoints.get(lost) ?? new Set<string>();
        pages.add(`${path} ${preset}`);
        lostPoints.set(lost, pages);
      }
    }
  }
  console.log(
    `Lighthouse 12.2.3 in Chromium ${CHROMIUM_PATH}, production server on loopback, median of ${runs} runs ` +
      'per page and preset (each score and metric on its own).\n',
  );
  console.table(rows);
  console.log(lostPoints.size === 0 ? '\nNo audit lost points outside performance.' : '\nPoints lost:');
  for (const [lost, pages] of lostPoints) console.log(`- ${lost} (${[...pages].join(', ')})`);
} finally {
  chrome.kill();
  await server.stop();
}
