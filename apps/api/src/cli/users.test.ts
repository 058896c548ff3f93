import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { createUser, findUserByEmail } from '../modules/auth/accounts.repository.ts';
import { createTestDatabase } from '../../test/helpers.ts';

const CLI = path.join(REPO_ROOT, 'apps/api/src/cli/users.ts');

/** The tool in a process of its own, as `npm run users` runs it (not blocking this one: cases can overlap). */
function users(databaseUrl: string, ...args: string[]) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      resolve({ code, out, err });
    });
  });
}

describe('npm run users', () => {
  it('creates accounts with a role, grants and revokes roles, and lists them', async () => {
    const db = await createTestDatabase();
    expect(await users(db, 'list')).toMatchObject({ code: 0, out: 'No accounts yet.\n' });

    const created = await users(
      db,
      'create',
      '--email',
      'Boss@Example.com',
      '--password',
      'tidy rooms sparkle daily',
      '--role',
      'admin',
    );
    expect(created).toMatchObject({ code: 0, out: 'Created Boss@Example.com (admin).\n' });

    expect((await users(db, 'grant', '--email', 'boss@example.com', '--role', 'employee')).out).toBe(
      'Boss@Example.com: admin, employee.\n',
    );
    expect((await users(db, 'grant', '--email', 'boss@example.com', '--role', 'employee')).out).toBe(
      'Boss@Example.com: admin, employee.\n',
    );
    expect((await users(db, 'revoke', '--email', 'boss@example.com', '--role', 'admin')).out).toBe(
      'Boss@Example.com: employee.\n',
    );
    expect((await users(db, 'list')).out).toMatch(/^Boss@Example\.com\temployee\t[0-9a-f-]{36}\n$/);
  });

  it('makes accounts whose email is verified, and verifies an existing account', async () => {
    const url = await createTestDatabase();
    expect(
      (
        await users(
          url,
          'create',
          '--email',
          'made@example.com',
          '--password',
          'tidy rooms sparkle daily',
          '--role',
          'customer',
        )
      ).code,
    ).toBe(0);
    const db = createDatabase(url, 1);
    try {
      await createUser(db, {
        email: 'Signed.Up@example.com',
        passwordHash: null,
        firstName: '',
        lastName: '',
      });
      expect((await findUserByEmail(db, 'made@example.com'))?.emailVerifiedAt).toBeInstanceOf(Date);
      expect((await findUserByEmail(db, 'signed.up@example.com'))?.emailVerifiedAt).toBeNull();
      expect(await users(url, 'verify', '--email', 'signed.up@example.com')).toMatchObject({
        code: 0,
        out: 'Signed.Up@example.com: email verified.\n',
      });
      expect((await findUserByEmail(db, 'signed.up@example.com'))?.emailVerifiedAt).toBeInstanceOf(Date);
      expect((await users(url, 'verify', '--email', 'nobody@example.com')).code).toBe(2);
    } finally {
      await db.$client.end();
    }
  });

  it('explains what is wrong and exits with 2', async () => {
    const db = await createTestDatabase();
    const cases: [string[], RegExp][] = [
      [
        ['create', '--email', 'a@example.com', '--password', 'short', '--role', 'admin'],
        /at least 10 characters/,
      ],
      [
        ['create', '--email', 'a@example.com', '--password', 'password1234', '--role', 'admin'],
        /too easy to guess/,
      ],
      [
        ['create', '--email', 'a@example.com', '--password', 'tidy rooms sparkle daily', '--role', 'boss'],
        /--role must be one of admin, employee, customer/,
      ],
      [['grant', '--email', 'nobody@example.com', '--role', 'admin'], /No account for nobody@example\.com/],
      [['frobnicate'], /Usage:/],
    ];
    // Each case on its own, all at once: none of them writes anything.
    const results = await Promise.all(cases.map(([args]) => users(db, ...args)));
    cases.forEach(([args, message], index) => {
      expect(results[index]?.code, args.join(' ')).toBe(2);
      expect(`${results[index]?.out}${results[index]?.err}`).toMatch(message);
    });
    await users(
      db,
      'create',
      '--email',
      'dup@example.com',
      '--password',
      'tidy rooms sparkle daily',
      '--role',
      'customer',
    );
    const duplicate = await users(
      db,
      'create',
      '--email',
      'dup@example.com',
      '--password',
      'tidy rooms sparkle daily',
      '--role',
      'customer',
    );
    expect(duplicate.code).toBe(2);
    expect(duplicate.err).toMatch(/already exists/);
  });
});
