import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackSchema, serviceSchema } from '@eclat/shared';
import { buildApp } from '../src/app.ts';
import { PAGE_BOOT_SCRIPT } from '../src/lib/page-boot.ts';
import { pageAssets, readManifest } from '../../web/page-assets.ts';
import { headersAs } from './auth.ts';
import { buildTestApp, eventually, testConfig } from './helpers.ts';

/**
 * The pre-rendered public pages (decision 018), served by the real app from the real web build: the
 * visitor's language, the catalogue and published feedback in the HTML, validators, and a write seen by a
 * second server process on the same database soon after (by its notification).
 */

const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../web/dist');
if (!fs.existsSync(path.resolve(WEB_DIST_DIR, '../dist-server/server.js'))) {
  throw new Error('No web build with its server entry: run `npm run build` first (npm test builds first).');
}
const withBuild = { WEB_DIST_DIR };
const manifest = readManifest(WEB_DIST_DIR);
const { publicUrl } = testConfig(withBuild);

let a: Awaited<ReturnType<typeof buildTestApp>>;
let b: FastifyInstance;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  a = await buildTestApp(withBuild);
  // A second server process on the same database (its own pool, cache and LISTEN connection).
  b = await buildApp(testConfig(withBuild), { databaseUrl: a.databaseUrl });
  admin = await headersAs(a, 'admin');
  customer = await headersAs(a, 'customer');
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const page = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('the public pages', () => {
  it.each(['/', '/services', '/about-us', '/contacts'])(
    '%s comes as HTML with its content, head and script, revalidated by a strong ETag',
    async (url) => {
      const res = await page(a, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers.vary)).toMatch(/Cookie, Accept-Language/);
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(res.body).toMatch(/^<!doctype html>\s*<html lang="en" data-mantine-color-scheme="light">/);
      expect(res.body).toMatch(/<title>[^<]+ · Éclat<\/title>/);
      expect(res.body).toContain('<meta name="description" content="');
      expect(res.body).toContain(`<link rel="alternate" hreflang="fr" href="${publicUrl}${url}?lang=fr">`);
      expect(res.body).toContain('<meta name="eclat-time-zone" content="America/Toronto">');
      // Every style sheet the page's modules bring, inline in cascade order (each named by a disabled link,
      // which no browser fetches), then the theme's colours, which override their defaults: the page paints
      // from this one answer, and nothing shifts later.
      const { scripts, styles } = pageAssets(manifest, url);
      const inlined = [
        ...res.body.matchAll(
          /<style>(?:(?!<\/style>).)*<\/style><link rel="stylesheet" href="\/(assets\/[^"]+\.css)" disabled>/gs,
        ),
      ].map((match) => match[1]);
      expect(inlined).toEqual(styles);
      expect(res.body).toMatch(
        /<link rel="stylesheet" href="\/assets\/[^"]+\.css" disabled><style data-mantine-styles="true">:root[^<]*--mantine-color-dimmed: #4A5960/,
      );
      expect(res.body).not.toMatch(/<link rel="stylesheet"(?![^>]* disabled>)/);
      // The page itself, not an empty shell: a level-one heading inside #root.
      expect(res.body).toMatch(/<div id="root">.*<h1[^>]*>.+<\/h1>/s);
      // Its script: only the boot script, which loads the entry and its modules once the page has painted.
      expect(res.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
      expect(res.body).toContain(
        `<script id="eclat-boot" data-modules="${scripts.map((file) => `/${file}`).join(' ')}" data-fetch="/locales/en/translation.json">${PAGE_BOOT_SCRIPT}</script>`,
      );
      expect(scripts[0]).toMatch(/^assets\/public-[\w-]+\.js$/);

      const again = await page(a, url, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    },
  );

  it('come in the language asked by the address, else the EN/FR choice, else the browser’s', async () => {
    const lang = async (url: string, headers: Record<string, string> = {}) => {
      const res = await page(a, url, headers);
      return [/<html lang="(\w+)"/.exec(res.body)?.[1], res.headers['content-language']];
    };
    expect(await lang('/')).toEqual(['en', 'en']);
    expect(await lang('/', { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' })).toEqual(['fr', 'fr']);
    expect(await lang('/', { 'accept-language': 'fr-CA', cookie: 'other=1; eclat_language=en' })).toEqual([
      'en',
      'en',
    ]);
    expect(await lang('/?lang=fr', { cookie: 'eclat_language=en' })).toEqual(['fr', 'fr']);
    expect(await lang('/?lang=de', { cookie: 'eclat_language=fr' })).toEqual(['fr', 'fr']);
    const french = await page(a, '/about-us?lang=fr');
    expect(french.body).toContain('<title>À propos · Éclat</title>');
    // Each address is its own canonical: the language's, or the negotiated one (also `x-default`).
    expect(french.body).toContain(`<link rel="canonical" href="${publicUrl}/about-us?lang=fr">`);
    const negotiated = await page(a, '/about-us', { 'accept-language': 'fr' });
    expect(negotiated.body).toContain(`<link rel="canonical" href="${publicUrl}/about-us">`);
    expect(negotiated.body).toContain(
      `<link rel="alternate" hreflang="x-default" href="${publicUrl}/about-us">`,
    );
  });

  it('are sent compressed once, brotli when asked', async () => {
    const res = await page(a, '/services', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('<div id="root">');
  });

  it('show the catalogue and published feedback, and a write is seen by every server process soon after, by its notification', async () => {
    const title = `Balcony Refresh ${Date.now()}`;
    const created = await a.inject({
      method: 'POST',
      url: '/api/v1/services',
      headers: admin,
      payload: {
        title,
        description: 'Floor, rail and glass.',
        pricing: 80,
        category: 'Residential',
        durationMinutes: 60,
      },
    });
    expect(created.statusCode).toBe(201);
    const { serviceId } = serviceSchema.parse(created.json());
    const services = await page(b, '/services');
    // In the page and in its data island, which the browser hydrates with.
    expect(services.body.match(new RegExp(title, 'g'))?.length).toBeGreaterThanOrEqual(2);
    expect(services.body).toContain('<script type="application/json" id="eclat-data">');

    const content = 'Spotless <b>windows</b>, thank you.';
    const posted = await a.inject({
      method: 'POST',
      url: '/api/v1/feedbacks',
      headers: customer,
      payload: { stars: 5, content },
    });
    const { feedbackId } = feedbackSchema.parse(posted.json());
    const escaped = 'Spotless &lt;b&gt;windows&lt;/b&gt;, thank you.';
    const before = await page(b, '/');
    expect(before.body).not.toContain(escaped);
    const published = await a.inject({
      method: 'PATCH',
      url: `/api/v1/feedbacks/${feedbackId}/publish`,
      headers: { ...admin, 'content-type': 'text/plain' },
      payload: 'VISIBLE',
    });
    expect(published.statusCode).toBe(200);
    await eventually(async () => (await page(b, '/')).body.includes(escaped));
    // The markup stays text, in the HTML and in the island (no `<b>` anywhere but escaped).
    expect((await page(b, '/')).body).not.toContain('<b>windows</b>');

    const deleted = await a.inject({
      method: 'DELETE',
      url: `/api/v1/services/${serviceId}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(204);
    await eventually(async () => !(await page(b, '/services')).body.includes(title));
  });

  it('give the single-page app’s document the business time zone too', async () => {
    const res = await page(a, '/profile');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta name="eclat-time-zone" content="America/Toronto">');
    expect(res.body).not.toContain('id="eclat-data"');
  });
});
