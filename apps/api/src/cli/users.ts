/**
 * The operator's tool for accounts and roles. Works whether or not the server is running, with the
 * embedded PostgreSQL or DATABASE_URL:
 *
 *   npm run users -- create --email E --password P --role admin|employee|customer [--first-name F --last-name L]
 *   npm run users -- grant --email E --role R
 *   npm run users -- revoke --email E --role R
 *   npm run users -- verify --email E      (marks the account's email as verified)
 *   npm run users -- list
 */
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { PERMISSIONS, type Permission } from '@eclat/shared';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { connectForTool } from '../db/connect.ts';
import { migrateDatabase } from '../db/migrate.ts';
import {
  createUser,
  findUserByEmail,
  grantRoles,
  listUsers,
  revokeRoles,
  rolesOf,
} from '../modules/auth/accounts.repository.ts';
import { markEmailVerified } from '../modules/auth/email-verification.ts';
import { checkPasswordPolicy, hashPassword, MIN_PASSWORD_LENGTH } from '../modules/auth/passwords.ts';

const USAGE = `Usage:
  npm run users -- create --email E --password P --role admin|employee|customer [--first-name F] [--last-name L]
  npm run users -- grant  --email E --role admin|employee|customer
  npm run users -- revoke --email E --role admin|employee|customer
  npm run users -- verify --email E
  npm run users -- list`;

class UsageError extends Error {}

function roleOf(value: string | undefined): Permission {
  const found = PERMISSIONS.find((permission) => permission === value);
  if (!found) throw new UsageError(`--role must be one of ${PERMISSIONS.join(', ')}.`);
  return found;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || !command || !['create', 'grant', 'revoke', 'verify', 'list'].includes(command)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (command !== 'list' && !values.email) throw new UsageError('--email is required.');
  if (command === 'create' && !z.email().safeParse(values.email).success)
    throw new UsageError('--email is not a valid email address.');
  const role = command === 'list' || command === 'verify' ? undefined : roleOf(values.role);
  if (command === 'create') {
    const problem = checkPasswordPolicy(values.password ?? '', [values.email ?? '']);
    if (problem === 'tooShort')
      throw new UsageError(`--password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
    if (problem) throw new UsageError('--password is too easy to guess: use a longer passphrase.');
  }

  const config = loadConfig();
  const logger = pino({ level: 'warn' });
  const handle = await connectForTool(config, logger);
  const db = createDatabase(handle.url, 2);
  try {
    await migrateDatabase(db);
    const email = values.email ?? '';
    if (command === 'list') {
      const all = await listUsers(db);
      if (all.length === 0) console.log('No accounts yet.');
      for (const user of all)
        console.log(`${user.email}\t${(await rolesOf(db, user.id)).join(', ')}\t${user.id}`);
      return 0;
    }
    const existing = await findUserByEmail(db, email);
    if (command === 'verify') {
      if (!existing) throw new UsageError(`No account for ${email}.`);
      await markEmailVerified(db, existing.id);
      console.log(`${existing.email}: email verified.`);
      return 0;
    }
    if (!role) return 2;
    if (command === 'create') {
      if (existing) throw new UsageError(`An account already exists for ${email}; use grant to add a role.`);
      const user = await createUser(
        db,
        {
          email,
          passwordHash: await hashPassword(values.password ?? ''),
          firstName: values['first-name'] ?? '',
          lastName: values['last-name'] ?? '',
          // The operator vouches for the address (decision 010).
          emailVerifiedAt: new Date(),
        },
        [role],
      );
      console.log(`Created ${user.email} (${(await rolesOf(db, user.id)).join(', ')}).`);
      return 0;
    }
    if (!existing) throw new UsageError(`No account for ${email}.`);
    if (command === 'grant') await grantRoles(db, existing.id, [role]);
    else await revokeRoles(db, existing.id, [role]);
    console.log(`${existing.email}: ${(await rolesOf(db, existing.id)).join(', ') || 'no role'}.`);
    return 0;
  } finally {
    await db.$client.end();
    await handle.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof UsageError || error instanceof ConfigError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
