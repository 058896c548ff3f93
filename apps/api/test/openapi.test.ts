import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers.ts';

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

  it('offers a browsable reference', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });
});
