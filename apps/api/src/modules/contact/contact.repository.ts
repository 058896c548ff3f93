import type { Db } from '../../db/transaction.ts';
import { contactMessages } from '../../db/schema/index.ts';

/** Keeps a contact message; its time of arrival, for the business's email. */
export async function insertContactMessage(
  db: Db,
  values: typeof contactMessages.$inferInsert,
): Promise<Date | undefined> {
  const [row] = await db
    .insert(contactMessages)
    .values(values)
    .returning({ createdAt: contactMessages.createdAt });
  return row?.createdAt;
}
