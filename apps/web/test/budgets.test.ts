import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

import { BUDGETS, LATER_LIBRARIES } from '../budgets';
import { pageAssets, readManifest } from '../page-assets';

const DIST = path.resolve(import.meta.dirname, '../dist');
if (!fs.existsSync(path.join(DIST, '.vite', 'manifest.json'))) {
  throw new Error('No web build with a manifest: run `npm run build` first (npm test builds before this).');
}
const manifest = readManifest(DIST);
const read = (file: string) => fs.readFileSync(path.join(DIST, file));
const kib = (files: readonly string[]) =>
  files.reduce((sum, file) => sum + gzipSync(read(file), { level: 9 }).length, 0) / 1024;

describe.each(Object.entries(BUDGETS))('the first visit of %s', (pathname, budget) => {
  const assets = pageAssets(manifest, pathname);

  it(`loads at most ${String(budget.js)} KiB of script and ${String(budget.css)} KiB of styles (gzip -9)`, () => {
    expect(assets.scripts.length).toBeGreaterThan(0);
    const js = kib(assets.scripts);
    const css = kib(assets.styles);
    expect(js, `script on ${pathname}: ${js.toFixed(1)} KiB`).toBeLessThanOrEqual(budget.js ?? Infinity);
    expect(css, `styles on ${pathname}: ${css.toFixed(1)} KiB`).toBeLessThanOrEqual(budget.css ?? Infinity);
  });

  it.each(Object.entries(LATER_LIBRARIES))('loads without %s', (_library, marker) => {
    const carriers = assets.scripts.filter((file) => read(file).includes(marker));
    expect(carriers).toEqual([]);
  });
});
