import fs from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers.ts';

/** The OpenAPI document as last committed: a change to it shows in review as a diff of this file. */
const COMMITTED = new URL('./openapi.committed.json', import.meta.url);

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3 document generated from the route schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const document = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    // Throws with the list of problems when the document is not valid.
    await SwaggerParser.validate(structuredClone(document) as OpenAPI.Document);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/v1/health', '/api/v1/ready']));
  });

  it('is byte-identical to the committed copy (a refactor changes no route, field or message)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const current = `${JSON.stringify(res.json(), null, 2)}\n`;
    // A deliberate change to the API rewrites the copy: UPDATE_OPENAPI=1 npx vitest run --project api apps/api/test/openapi.test.ts
    if (process.env.UPDATE_OPENAPI === '1') fs.writeFileSync(COMMITTED, current);
    expect(current).toBe(fs.readFileSync(COMMITTED, 'utf8'));
  });

  it('offers a browsable reference', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });
});
