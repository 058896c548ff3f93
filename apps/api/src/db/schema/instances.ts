import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The server processes running on this database (decision 031): each one writes its row at start and
 * again every few seconds, and removes it when it stops. A start compares its shared settings with those
 * of the rows seen lately (decision 031).
 */
export const instances = pgTable(
  'instances',
  {
    id: uuid('id').primaryKey(),
    /** Where it runs, for the operator: host name and process id. */
    host: text('host').notNull(),
    pid: text('pid').notNull(),
    /** The settings every instance must share, by variable name (secrets as a fingerprint). */
    settings: jsonb('settings').$type<Record<string, string>>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The database's clock, so hosts whose clocks differ agree on who is alive. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('instances_seen_at_idx').on(table.seenAt)],
);
