import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 28, decision 043: a route file parses, calls a service and answers. These route files open no
 * transaction, query nothing and reach no repository: their writes, transactions and queries are in
 * their module's service (and its repository). The other route files join this list as they are thinned.
 */
const THIN = [
  'quotes/quotes.routes.ts',
  'availabilities/availabilities.routes.ts',
  'schedules/schedules.routes.ts',
  'auth/interactions.routes.ts',
  'contact/contact.routes.ts',
  'customers/email-preferences.routes.ts',
];

const RULES: [string, RegExp][] = [
  ['opens a transaction', /\.transaction\(/],
  ['queries the database', /\bdb\.(select|insert|update|delete|execute|query)\b/],
  ['imports the query builder or the tables', /from '(drizzle-orm[^']*|[./]*db\/schema[^']*)'/],
  ['imports a repository', /from '[^']*\.repository\.ts'/],
];

describe('thin route files', () => {
  for (const file of THIN) {
    it(`${file} leaves the database to its service`, async () => {
      const source = await readFile(path.join(import.meta.dirname, file), 'utf8');
      const broken = RULES.filter(([, pattern]) => pattern.test(source)).map(([rule]) => rule);
      expect(broken).toEqual([]);
    });
  }
});
