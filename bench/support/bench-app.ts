import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { importJWK, SignJWT } from 'jose';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig, type Env } from '../../apps/api/src/config.ts';
import { createDatabase } from '../../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { createUser } from '../../apps/api/src/modules/auth/accounts.repository.ts';

/**
 * The real app in process (`app.inject`) on an embedded PostgreSQL of its own, migrated and empty, for
 * the benchmarks that fill it with business-scale data; `adminHeaders` signs an admin's token with the
 * embedded provider's own key (the real guards run). `stop` removes everything.
 */
export async function startBenchApp(name: string, env: Env = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `eclat-bench-${name}-`));
  const embedded = await startEmbeddedPostgres({ dataDir, logger: pino({ level: 'warn' }) });
  const admin = new pg.Client({ connectionString: embedded.adminUrl });
  await admin.connect();
  await admin.query('create database eclat_bench');
  await admin.end();
  const url = new URL(embedded.adminUrl);
  url.pathname = '/eclat_bench';
  const databaseUrl = url.toString();
  const migrator = createDatabase(databaseUrl, 2);
  await migrateDatabase(migrator);
  await migrator.$client.end();

  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir, ...env },
    process.cwd(),
  );
  const app = await buildApp(config, { databaseUrl });

  async function adminHeaders(): Promise<Record<string, string>> {
    const user = await createUser(
      app.db,
      {
        email: `bench-${randomBytes(3).toString('hex')}@example.com`,
        passwordHash: null,
        firstName: 'Bench',
        lastName: 'Admin',
      },
      ['admin'],
    );
    const jwk = app.authKeys?.signing[0];
    if (!jwk) throw new Error('no signing key');
    const token = await new SignJWT({
      permissions: ['admin'],
      [config.auth.emailClaim]: user.email,
      client_id: config.auth.clientId,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', ...(jwk.kid ? { kid: jwk.kid } : {}) })
      .setIssuer(config.auth.issuer)
      .setAudience(config.auth.audience)
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await importJWK(jwk, 'RS256'));
    return { authorization: `Bearer ${token}` };
  }

  async function stop() {
    await app.close();
    await embedded.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }

  return { app, config, adminHeaders, stop };
}

/** Median and worst of a list of milliseconds. */
export function summarise(times: number[]): { median: number; worst: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, worst: sorted.at(-1) ?? 0 };
}
