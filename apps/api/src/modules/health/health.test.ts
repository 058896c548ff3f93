import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { healthSchema, readinessSchema, errorBodySchema } from '@eclat/shared';
import { buildTestApp } from '../../../test/helpers.ts';

describe('health and readiness', () => {
  const apps: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('reports the process alive and the database ready', async () => {
    const app = await buildTestApp();
    apps.push(app);
    const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(healthSchema.parse(health.json()).status).toBe('ok');

    const ready = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(ready.statusCode).toBe(200);
    expect(readinessSchema.parse(ready.json())).toEqual({ status: 'ready', database: 'up' });
  });

  it('is alive but not ready when the database stops answering', async () => {
    const app = await buildTestApp();
    await app.ready();
    // The database goes away under the running server (every connection is cut).
    const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    await admin.connect();
    await admin.query(`drop database ${new URL(app.databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();

    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(ready.statusCode).toBe(503);
    expect(errorBodySchema.parse(ready.json()).code).toBe('SERVICE_UNAVAILABLE');
    expect(ready.body).not.toContain('127.0.0.1');
    await app.close().catch(() => undefined);
  });
});
