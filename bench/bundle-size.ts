/**
 * Prints the size of the built web app: what each public page loads on a first visit (script and styles,
 * gzip -9, from the build's manifest, next to its budget), then every JS and CSS asset (raw and gzip).
 * Run after `npm run build`: `npm run bench:bundle`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUDGETS } from '../apps/web/budgets.ts';
import { pageAssets, PUBLIC_PAGE_SOURCES, readManifest } from '../apps/web/page-assets.ts';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const ASSETS = path.join(DIST, 'assets');
if (!fs.existsSync(path.join(DIST, '.vite', 'manifest.json'))) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const gzip = (file: string) => gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;

const manifest = readManifest(DIST);
console.log(
  'first visit'.padEnd(12),
  'script'.padStart(11),
  'budget'.padStart(9),
  'styles'.padStart(11),
  'budget'.padStart(9),
  'files'.padStart(6),
);
for (const pathname of Object.keys(PUBLIC_PAGE_SOURCES)) {
  const { scripts, styles } = pageAssets(manifest, pathname);
  const budget = BUDGETS[pathname] ?? {};
  const js = scripts.reduce((sum, file) => sum + gzip(file), 0);
  const css = styles.reduce((sum, file) => sum + gzip(file), 0);
  console.log(
    pathname.padEnd(12),
    kib(js).padStart(11),
    (budget.js === undefined ? '-' : `${budget.js} KiB`).padStart(9),
    kib(css).padStart(11),
    (budget.css === undefined ? '-' : `${budget.css} KiB`).padStart(9),
    String(scripts.length + styles.length).padStart(6),
  );
}

const rows = fs
  .readdirSync(ASSETS)
  .filter((file) => /\.(js|css)$/.test(file))
  .map((file) => ({ file, raw: fs.statSync(path.join(ASSETS, file)).size, gzip: gzip(`assets/${file}`) }))
  .sort((a, b) => b.gzip - a.gzip);
console.log(`\n${'asset'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}`);
for (const row of rows.slice(0, 25)) {
  console.log(row.file.slice(0, 48).padEnd(48), kib(row.raw).padStart(10), kib(row.gzip).padStart(10));
}
const total = (key: 'raw' | 'gzip') => rows.reduce((sum, row) => sum + row[key], 0);
console.log(`all assets: ${kib(total('raw'))} raw, ${kib(total('gzip'))} gzip (${rows.length} files)`);
