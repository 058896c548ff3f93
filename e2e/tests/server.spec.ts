import { expect, test } from '@playwright/test';

test.describe('the server', () => {
  test('answers health and readiness, and documents its API', async ({ request }) => {
    expect((await request.get('/api/v1/health')).status()).toBe(200);
    const ready = await request.get('/api/v1/ready');
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'up', workers: 'up' });
    const docs = await request.get('/api/docs/json');
    expect(docs.status()).toBe(200);
    expect((await docs.json()) as { openapi: string }).toMatchObject({
      openapi: expect.stringMatching(/^3\./),
    });
  });

  test('caches hashed assets for a year, never index.html, and compresses', async ({ request }) => {
    const index = await request.get('/', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(index.status()).toBe(200);
    expect(index.headers()['cache-control']).toContain('no-cache');
    const html = await index.text();
    // The page's boot script names its hashed entry module first (decision 021).
    const script = /data-modules="(\/assets\/[^" ]+\.js)/.exec(html)?.[1];
    expect(script, 'the page loads a hashed script').toBeTruthy();

    const asset = await request.get(script ?? '', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(['br', 'gzip']).toContain(asset.headers()['content-encoding']);

    const deep = await request.get('/my-appointments/edit/123', { headers: { accept: 'text/html' } });
    expect(deep.status()).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
  });

  test('serves the translation catalogues at both paths', async ({ request }) => {
    for (const prefix of ['/locales', '/locals']) {
      for (const language of ['en', 'fr']) {
        const res = await request.get(`${prefix}/${language}/translation.json`);
        expect(res.status(), `${prefix}/${language}`).toBe(200);
        expect(Object.keys((await res.json()) as object).length).toBeGreaterThan(3);
      }
    }
    expect((await request.get('/locals/de/translation.json')).status()).toBe(404);
  });

  test('answers unknown API paths with the JSON error, not the app', async ({ request }) => {
    const res = await request.get('/api/v1/nothing-here', { headers: { accept: 'text/html' } });
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
