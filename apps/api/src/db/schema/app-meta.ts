import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about this installation, such as when the demo content was written. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Set when the first start wrote the demo content: `PAYMENTS` unset means `manual` on that database. */
export const DEMO_SEEDED_KEY = 'demo_seeded_at';
