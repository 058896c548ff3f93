import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';

/** Turns a customer's optional emails on or off, by id or by the secret of their unsubscribe link. */
export async function setOptionalEmails(db: Db, where: { id: string } | { token: string }, on: boolean) {
  const rows = await db
    .update(customers)
    .set({ optionalEmails: on })
    .where('id' in where ? eq(customers.id, where.id) : eq(customers.emailToken, where.token))
    .returning({ optionalEmails: customers.optionalEmails });
  return rows[0];
}

/** Whether a customer has this unsubscribe secret. */
export async function hasEmailToken(db: Db, token: string): Promise<boolean> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.emailToken, token));
  return customer !== undefined;
}
