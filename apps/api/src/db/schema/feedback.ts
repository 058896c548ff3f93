import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { customers } from './customers.ts';
import { feedbackStatusEnum } from './enums.ts';
import { users } from './users.ts';

export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    /** The signed-in author. */
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's customer profile, when they have one (spec §3 Feedback.customerId). */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** First name shown under the feedback, copied at creation. */
    authorName: text('author_name').notNull(),
    stars: smallint('stars').notNull(),
    content: text('content').notNull(),
    status: feedbackStatusEnum('status').notNull().default('INVISIBLE'),
    ...timestamps,
  },
  (t) => [
    check('feedback_stars_range', sql`${t.stars} between 1 and 5`),
    index('feedback_status_created_idx').on(t.status, t.createdAt.desc()),
  ],
);
