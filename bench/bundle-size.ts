/**
 * Prints the size of the built web app: every JS and CSS asset (raw and gzip), and what the home page
 * loads before any lazy route (the entry and the chunks index.html preloads).
 * Run after `npm run build`: `node bench/bundle-size.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const ASSETS = path.join(DIST, 'assets');
if (!fs.existsSync(ASSETS)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = fs
  .readdirSync(ASSETS)
  .filter((file) => /\.(js|css)$/.test(file))
  .map((file) => {
    const content = fs.readFileSync(path.join(ASSETS, file));
    return { file, raw: content.length, gzip: gzipSync(content).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

console.log('asset'.padEnd(48), 'raw'.padStart(10), 'gzip'.padStart(10));
for (const row of rows) console.log(row.file.padEnd(48), kb(row.raw).padStart(10), kb(row.gzip).padStart(10));

const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const initialRows = rows.filter((row) => initial.includes(row.file));
const total = (key: 'raw' | 'gzip', list: typeof rows) => list.reduce((sum, row) => sum + row[key], 0);
console.log(
  `\nall assets: ${kb(total('raw', rows))} raw, ${kb(total('gzip', rows))} gzip (${rows.length} files)`,
);
console.log(
  `loaded by index.html before any route: ${kb(total('raw', initialRows))} raw, ${kb(total('gzip', initialRows))} gzip (${initialRows.length} files)`,
);
