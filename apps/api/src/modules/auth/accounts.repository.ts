import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { PERMISSIONS, ROLE_IDS, type Permission } from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { calendarFeeds, customers, employees, roles, userRoles, users } from '../../db/schema/index.ts';
import { keysetOrderBy, matchesEveryWord, pageWhere, type KeysetOrder } from '../../lib/keyset.ts';

export type UserRecord = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return user;
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function listUsers(db: Db): Promise<UserRecord[]> {
  return db.select().from(users).orderBy(asc(users.email));
}

/** Accounts in email order (case and accents aside), then id: `users_sort_idx`. */
const USERS_ORDER = { kind: 'alphabetical', key: users.sortKey, id: users.id } satisfies KeysetOrder;

/**
 * A page of accounts in email order (decision 024): those whose email or name hold every word of `q`,
 * after the keyset cursor `before`, at most `limit`; each with its sort key for the next cursor.
 */
export async function findUsers(
  db: Db,
  page: { q?: string | undefined; limit: number; before?: string | undefined },
): Promise<{ user: UserRecord; sortKey: string }[]> {
  const rows = await db
    .select()
    .from(users)
    .where(pageWhere(USERS_ORDER, matchesEveryWord(users.searchText, page.q), page.before))
    .orderBy(...keysetOrderBy(USERS_ORDER))
    .limit(page.limit);
  return rows.map((user) => ({ user, sortKey: user.sortKey }));
}

export async function rolesOf(db: Db, userId: string): Promise<Permission[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  const names = new Set(rows.map((row) => row.name));
  return PERMISSIONS.filter((permission) => names.has(permission));
}

/** Adds roles; granting a role the user already has changes nothing. */
export async function grantRoles(db: Db, userId: string, permissions: Permission[]): Promise<void> {
  if (permissions.length === 0) return;
  await db
    .insert(userRoles)
    .values(permissions.map((permission) => ({ userId, roleId: ROLE_IDS[permission] })))
    .onConflictDoNothing();
}

export async function revokeRoles(db: Db, userId: string, permissions: Permission[]): Promise<void> {
  if (permissions.length === 0) return;
  await db.delete(userRoles).where(
    and(
      eq(userRoles.userId, userId),
      inArray(
        userRoles.roleId,
        permissions.map((p) => ROLE_IDS[p]),
      ),
    ),
  );
}

export type NewUser = {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  locale?: string;
  externalSubject?: string | null;
  /** When the address was proved; null (the default) leaves the account unverified. */
  emailVerifiedAt?: Date | null;
};

/** Creates an account; by default with the customer role (every account made by signing up is a customer). */
export async function createUser(
  db: Db,
  input: NewUser,
  initialRoles: Permission[] = ['customer'],
): Promise<UserRecord> {
  const [user] = await db
    .insert(users)
    .values({
      email: input.email.trim(),
      passwordHash: input.passwordHash,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      locale: input.locale ?? 'en',
      externalSubject: input.externalSubject ?? null,
      emailVerifiedAt: input.emailVerifiedAt ?? null,
    })
    .returning();
  if (!user) throw new Error('The account was not created.');
  await grantRoles(db, user.id, initialRoles);
  return user;
}

export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * Revokes every private calendar address of an account: its customer record's and its employee record's
 * (a feed is only made for a record linked to its account). Part of signing out everywhere.
 */
export async function revokeFeedsOfAccount(db: Db, userId: string): Promise<void> {
  await db
    .delete(calendarFeeds)
    .where(
      or(
        inArray(
          calendarFeeds.customerId,
          db.select({ id: customers.id }).from(customers).where(eq(customers.userId, userId)),
        ),
        inArray(
          calendarFeeds.employeeId,
          db.select({ id: employees.id }).from(employees).where(eq(employees.userId, userId)),
        ),
      ),
    );
}
