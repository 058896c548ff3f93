import { eq, sql } from 'drizzle-orm';
import type { Customer } from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { customers } from '../../db/schema/index.ts';
import {
  afterPosition,
  keysetBatches,
  keysetOrderBy,
  matchesEveryWord,
  pageWhere,
  type KeysetOrder,
} from '../../lib/keyset.ts';

type Row = typeof customers.$inferSelect;

export const toCustomer = (row: Row): Customer => ({
  customerId: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phoneNumber: row.phoneNumber,
  companyName: row.companyName,
  address: row.address,
  postalCode: row.postalCode,
});

export async function findCustomerById(db: Db, id: string): Promise<Row | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

export async function findCustomerByEmail(db: Db, email: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${email})`);
  return row;
}

export type ProfileFields = {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  address: string;
  /** Absent keeps the stored one; null clears it. */
  postalCode?: string | null | undefined;
  companyName: string | null;
};

export async function createOwnProfile(
  db: Db,
  user: { userId: string; email: string },
  fields: ProfileFields,
): Promise<Row> {
  const [row] = await db
    .insert(customers)
    .values({ ...fields, userId: user.userId, email: user.email })
    .returning();
  if (!row) throw new Error('The profile was not created.');
  return row;
}

export async function updateProfile(db: Db, id: string, fields: ProfileFields): Promise<Row | undefined> {
  const [row] = await db.update(customers).set(fields).where(eq(customers.id, id)).returning();
  return row;
}

/** Customers in name order (last, then first, accents and case aside), then id: `customers_sort_idx`. */
const CUSTOMERS_ORDER = {
  kind: 'alphabetical',
  key: customers.sortKey,
  id: customers.id,
} satisfies KeysetOrder;

/**
 * A page of customers in name order (decision 024): those whose name, email or company hold every word
 * of `q`, after the keyset cursor `before`, at most `limit`; each with its sort key for the next cursor.
 */
export async function findCustomers(
  db: Db,
  page: { q?: string | undefined; limit: number; before?: string | undefined },
): Promise<{ customer: Customer; sortKey: string }[]> {
  const rows = await db
    .select()
    .from(customers)
    .where(pageWhere(CUSTOMERS_ORDER, matchesEveryWord(customers.searchText, page.q), page.before))
    .orderBy(...keysetOrderBy(CUSTOMERS_ORDER))
    .limit(page.limit);
  return rows.map((row) => ({ customer: toCustomer(row), sortKey: row.sortKey }));
}

/** Every customer in the list's order (`customers_sort_idx`), a batch at a time (the CSV export). */
export function customerBatches(db: Db, batchSize: number): AsyncGenerator<Customer[]> {
  return keysetBatches(
    batchSize,
    (after: Row | undefined, limit) =>
      db
        .select()
        .from(customers)
        .where(afterPosition(CUSTOMERS_ORDER, after && { key: after.sortKey, id: after.id }))
        .orderBy(...keysetOrderBy(CUSTOMERS_ORDER))
        .limit(limit),
    toCustomer,
  );
}

export type AdminCustomerFields = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  companyName: string | null;
  /** Absent keeps the stored one; null clears it. */
  postalCode?: string | null | undefined;
};

export async function createCustomer(db: Db, fields: AdminCustomerFields): Promise<Row> {
  const [row] = await db.insert(customers).values(fields).returning();
  if (!row) throw new Error('The customer was not saved.');
  return row;
}

export async function adminUpdateCustomer(
  db: Db,
  id: string,
  fields: AdminCustomerFields,
): Promise<Row | undefined> {
  const [row] = await db.update(customers).set(fields).where(eq(customers.id, id)).returning();
  return row;
}

export async function deleteCustomer(db: Db, id: string): Promise<boolean> {
  return (await db.delete(customers).where(eq(customers.id, id)).returning({ id: customers.id })).length > 0;
}
