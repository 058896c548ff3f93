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
    expect(readinessSchema.parse(ready.json())).toEqual({ status: 'ready', database: 'up', workers: 'up' });
  });

  it('is ready without workers on a web-only instance, and not ready once its workers stop working', async () => {
    const webOnly = await buildTestApp({ JOBS_ENABLED: 'false' });
    apps.push(webOnly);
    const ready = await webOnly.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(readinessSchema.parse(ready.json()).workers).toBe('off');

    const app = await buildTestApp({ JOB_POLL_SECONDS: '0.5' });
    apps.push(app);
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/v1/ready' })).statusCode).toBe(200);
    // The queue's tables go: every fetch of the email worker fails from now on.
    await app.db.$client.query('drop schema pgboss cascade');
    let answer = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    for (let tries = 0; answer.statusCode === 200 && tries < 60; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      answer = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    }
    expect(answer.statusCode).toBe(503);
    expect(errorBodySchema.parse(answer.json())).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The job workers are not working: the email worker cannot fetch its jobs.',
    });
    // Still alive: a restart is not what it needs.
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  }, 60_000);

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
