import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { customers } from './customers.ts';
import { employees } from './employees.ts';

/**
 * A private calendar address (issue 15): a customer's visits or an employee's jobs as an `.ics` feed.
 * Only a hash of its secret is kept; one feed per person and role, replaced when regenerated, gone when
 * revoked.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    /** The language of the events' text: the person's when they made the address. */
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_uq').on(t.tokenHash),
    uniqueIndex('calendar_feeds_customer_uq').on(t.customerId),
    uniqueIndex('calendar_feeds_employee_uq').on(t.employeeId),
    check('calendar_feeds_one_owner', sql`(${t.customerId} is null) <> (${t.employeeId} is null)`),
  ],
);
