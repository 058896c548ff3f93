import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per email actually handed to the mail server, keyed by the job that sent it. A job retried after
 * its message went out (the process died between sending and marking the job done) finds its row and does
 * not send twice.
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    jobId: text('job_id').primaryKey(),
    template: text('template').notNull(),
    recipient: text('recipient').notNull(),
    messageId: text('message_id').notNull(),
    /** The .eml file, when messages go to the development mailbox. */
    file: text('file'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_deliveries_sent_idx').on(t.sentAt.desc())],
);
