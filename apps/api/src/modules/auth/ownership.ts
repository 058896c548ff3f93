import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/transaction.ts';
import { customers, employees } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/** Who is asking, as the ownership rule needs it (an `AuthContext` fits). */
export type Owner = { userId: string; email: string; emailVerified: boolean };

type CustomerRow = typeof customers.$inferSelect;
type EmployeeRow = typeof employees.$inferSelect;

/**
 * THE ownership rule (decision 010), for customer and employee records alike: the record linked to the
 * account; else, only when the account's email is verified, the one record with that email that no account
 * has yet, which is linked to it now. The link is one atomic `update ... where user_id is null`, so of two
 * parallel first uses (or two accounts) only one can link it; when a parallel first use of the same account
 * won, the record is read again. An unverified account never owns a record by its email.
 */
async function resolveOwnRecord<Row extends { id: string }>(
  db: Db,
  table: typeof customers | typeof employees,
  owner: Owner,
): Promise<Row | undefined> {
  const linked = async () =>
    (await db.select().from(table).where(eq(table.userId, owner.userId)).limit(1))[0] as Row | undefined;
  const found = await linked();
  if (found || !owner.emailVerified) return found;
  const [claimed] = await db
    .update(table)
    .set({ userId: owner.userId })
    .where(sql`lower(${table.email}) = lower(${owner.email}) and ${table.userId} is null`)
    .returning();
  return (claimed as Row | undefined) ?? (await linked());
}

/** The signed-in person's customer record (profile, booking, "my" appointments), by the one rule. */
export function findOwnCustomer(db: Db, owner: Owner): Promise<CustomerRow | undefined> {
  return resolveOwnRecord<CustomerRow>(db, customers, owner);
}

/** The signed-in person's employee record ("my" availabilities, schedule and jobs), by the one rule. */
export function findOwnEmployee(db: Db, owner: Owner): Promise<EmployeeRow | undefined> {
  return resolveOwnRecord<EmployeeRow>(db, employees, owner);
}

export const emailNotVerified = () =>
  new AppError(
    'EMAIL_NOT_VERIFIED',
    'Confirm your email address first: follow the link we sent you, or ask for a new one.',
  );

/** Acts that need a proved address (a profile, a booking, feedback): 403 EMAIL_NOT_VERIFIED otherwise. */
export function requireVerifiedEmail(owner: Owner): void {
  if (!owner.emailVerified) throw emailNotVerified();
}

/**
 * Whether the customer record is the caller's own, by the one rule (so an account's first act may be a
 * booking for the record an admin made with its email). An unverified caller is told to verify first.
 */
export async function ownsCustomer(db: Db, owner: Owner, customer: { id: string }): Promise<boolean> {
  requireVerifiedEmail(owner);
  return isTheirs(await findOwnCustomer(db, owner), customer.id);
}

/**
 * "Is it theirs", the one comparison: a thing (a visit, a series, a quote, an availability) belongs to the
 * caller when the caller's own record (`findOwnCustomer`, `findOwnEmployee`, or the record the caller
 * acts for) is the one it names (`ownerId`: its `customerId` or `employeeId`). No own record: nothing is.
 */
export function isTheirs(own: { id: string } | null | undefined, ownerId: string): boolean {
  return own?.id === ownerId;
}
