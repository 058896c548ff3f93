import { eq } from 'drizzle-orm';
import type { Feedback, FeedbackStatus } from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { feedback } from '../../db/schema/index.ts';
import { keysetOrderBy, pageWhere, type KeysetOrder } from '../../lib/keyset.ts';

type Row = typeof feedback.$inferSelect;

const toFeedback = (row: Row): Feedback => ({
  feedbackId: row.id,
  customerId: row.customerId,
  authorName: row.authorName,
  stars: row.stars,
  content: row.content,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/** Feedback, newest first (then id). */
export const FEEDBACK_ORDER: KeysetOrder = { kind: 'newest', key: feedback.createdAt, id: feedback.id };

/** Feedback, newest first, at most `limit`, from after a keyset cursor (decision 024). */
export async function findFeedback(
  db: Db,
  status: FeedbackStatus | undefined,
  page: { limit: number; before?: string | undefined },
): Promise<Feedback[]> {
  const rows = await db
    .select()
    .from(feedback)
    .where(pageWhere(FEEDBACK_ORDER, status ? eq(feedback.status, status) : undefined, page.before))
    .orderBy(...keysetOrderBy(FEEDBACK_ORDER))
    .limit(page.limit);
  return rows.map(toFeedback);
}

export type Author = { userId: string; email: string; firstName: string };

/**
 * New feedback is always hidden until an admin publishes it, and is linked to its author and to the
 * author's own customer profile (found by the ownership rule), if any.
 */
export async function createFeedback(
  db: Db,
  author: Author,
  profile: { id: string; firstName: string } | undefined,
  input: { stars: number; content: string },
): Promise<Feedback> {
  // The first non-empty of: the account's first name, the profile's, the email's local part.
  const authorName =
    [author.firstName, profile?.firstName, author.email.split('@')[0]].find((name) => name?.trim()) ?? '';
  const [row] = await db
    .insert(feedback)
    .values({
      authorUserId: author.userId,
      customerId: profile?.id ?? null,
      authorName,
      stars: input.stars,
      content: input.content,
      status: 'INVISIBLE',
    })
    .returning();
  if (!row) throw new Error('The feedback was not saved.');
  return toFeedback(row);
}

export async function setFeedbackStatus(
  db: Db,
  id: string,
  status: FeedbackStatus,
): Promise<Feedback | undefined> {
  const [row] = await db.update(feedback).set({ status }).where(eq(feedback.id, id)).returning();
  return row ? toFeedback(row) : undefined;
}

export async function deleteFeedback(db: Db, id: string): Promise<boolean> {
  return (await db.delete(feedback).where(eq(feedback.id, id)).returning({ id: feedback.id })).length > 0;
}
