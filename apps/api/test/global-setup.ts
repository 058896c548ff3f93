import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { pino } from 'pino';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

/**
 * Starts one PostgreSQL for the whole API suite (embedded, or the one in DATABASE_URL), and prepares a
 * migrated template database. Each test file then gets its own copy (see `createTestDatabase`).
 */
export default async function setup(project: TestProject) {
  const externalUrl = process.env.DATABASE_URL;
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl: string;
  if (externalUrl) {
    adminUrl = externalUrl;
  } else {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-api-tests-'));
    embedded = await startEmbeddedPostgres({ dataDir, logger: pino({ level: 'warn' }) });
    adminUrl = embedded.adminUrl;
  }

  const templateDatabase = `eclat_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${templateDatabase}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${templateDatabase}`;
  const db = createDatabase(templateUrl.toString(), 2);
  await migrateDatabase(db);
  await db.$client.end();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    if (externalUrl) {
      // Drop what this run created on the external server.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 or datname = $2`,
        [`eclat_test_${process.pid}_%`, templateDatabase],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    }
    await admin.end();
    await embedded?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };
}
