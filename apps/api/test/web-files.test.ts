import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../web/scripts/precompress.ts';
import { useTestApp, type TestApp } from './helpers.ts';

/**
 * The web app's files as the server sends them (decision 017): a build folder made here like `vite build`
 * makes one (the real `public/` folder, an `index.html`, hashed assets), precompressed by the web build's
 * own script, then served by the real app.
 */
const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../web/public');
const dist = path.join(os.tmpdir(), `eclat-web-files-${String(process.pid)}-${String(Date.now())}`);
const APP_JS = 'assets/index-B1a2C3d4.js';
const TINY_JS = 'assets/noop-E5f6G7h8.js';

const appScript = Array.from(
  { length: 400 },
  (_, i) => `export function screen${String(i)}(props) { return render('screen-${String(i)}', props); }\n`,
).join('');
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Éclat</title>
    <meta name="description" content="Éclat: residential and commercial cleaning. Book a cleaning online." />
    <script type="module" crossorigin src="/${APP_JS}"></script>
  </head>
  <body>
    <noscript>${'<p>Éclat needs JavaScript to run. Please enable JavaScript in your browser.</p>'.repeat(12)}</noscript>
    <div id="root"></div>
  </body>
</html>
`;

beforeAll(async () => {
  await fs.cp(PUBLIC_DIR, dist, { recursive: true });
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), indexHtml);
  await fs.writeFile(path.join(dist, APP_JS), appScript);
  await fs.writeFile(path.join(dist, TINY_JS), 'export const noop = () => {};\n');
  await precompress(dist);
});

let app: TestApp;
useTestApp(
  (built) => {
    app = built;
    // Dynamic answers of two sizes, either side of the compression threshold.
    app.get('/api/v1/test/small', () => ({ items: ['a', 'b'] }));
    app.get('/api/v1/test/big', () => ({
      items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Service ${String(i)}` })),
    }));
  },
  { WEB_DIST_DIR: dist },
);

afterAll(async () => {
  await fs.rm(dist, { recursive: true, force: true });
});

const onDisk = (file: string) => fs.readFile(path.join(dist, file));
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: '*/*', ...headers } });

describe('built files', () => {
  it('sends the brotli file the build wrote to a client that accepts brotli', async () => {
    const res = await get(`/${APP_JS}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The very bytes on disk (brotli 11 made at build), not the file compressed again for this request.
    expect(res.rawPayload).toEqual(await onDisk(`${APP_JS}.br`));
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(appScript);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const res = await get(`/${APP_JS}`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload).toEqual(await onDisk(`${APP_JS}.gz`));
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of refusals) {
      const res = await get(`/${APP_JS}`, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(appScript);
    }
  });

  it('sends a file too small to precompress as it is, never compressed per request', async () => {
    const res = await get(`/${TINY_JS}`, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload).toEqual(await onDisk(TINY_JS));
  });

  it('sends index.html compressed once at its best, at / and through the history fallback', async () => {
    for (const url of ['/', '/services', '/my-appointments']) {
      const res = await get(url, { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toMatch(/no-cache/);
      expect(zlib.brotliDecompressSync(res.rawPayload)).toEqual(await onDisk('index.html'));
      expect(res.rawPayload.length).toBeLessThanOrEqual((await onDisk('index.html.br')).length);
    }
  });

  it('sends the translation catalogues precompressed, at both addresses', async () => {
    for (const url of ['/locales/fr/translation.json', '/locals/fr/translation.json']) {
      const res = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.rawPayload).toEqual(await onDisk('locales/fr/translation.json.br'));
    }
  });
});

describe('dynamic responses', () => {
  it('leaves a body under the threshold uncompressed and compresses a bigger one', async () => {
    const small = await get('/api/v1/test/small', { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ items: ['a', 'b'] });

    const big = await get('/api/v1/test/big', { 'accept-encoding': 'br, gzip' });
    expect(big.headers['content-encoding']).toBe('br');
    const body = zlib.brotliDecompressSync(big.rawPayload);
    expect(body.length).toBeGreaterThan(1024);
    expect(JSON.parse(body.toString())).toMatchObject({ items: expect.any(Array) as unknown });
  });
});

describe('robots.txt and missing files', () => {
  it('serves a valid robots.txt that lets crawlers reach the public pages and what they need', async () => {
    const res = await get('/robots.txt', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const rules = res.body
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean)
      .map((line) => /^([A-Za-z-]+):\s*(.*)$/.exec(line));
    // Every line is a known directive (the form Lighthouse's SEO audit checks), in one group for all.
    for (const rule of rules) expect(rule?.[1]).toMatch(/^(user-agent|allow|disallow|sitemap)$/i);
    expect(rules[0]?.slice(1)).toEqual(['User-agent', '*']);
    const disallowed = rules
      .filter((rule) => rule?.[1]?.toLowerCase() === 'disallow')
      .map((rule) => rule?.[2]);
    for (const needed of ['/', '/services', '/about-us', '/contacts', '/assets/', '/locales/', '/api/v1/']) {
      expect(disallowed.some((prefix) => prefix !== '' && needed.startsWith(prefix ?? ''))).toBe(false);
    }
  });

  it('answers a missing file with a JSON 404, never the HTML page, whatever the browser accepts', async () => {
    for (const url of ['/favicon.ico', '/apple-touch-icon-precomposed.png', '/assets/gone-Abc123.js']) {
      const res = await get(url, { accept: 'text/html,image/avif,image/webp,*/*;q=0.8' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
