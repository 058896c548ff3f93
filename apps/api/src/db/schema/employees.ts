import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

export const employees = pgTable(
  'employees',
  {
    id: id(),
    /** The account of this employee, linked by email, so "my" availabilities know who is asking. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    /** Free text (spec §3), e.g. "Team lead". */
    role: text('role').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('employees_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('employees_user_id_uq').on(t.userId),
    index('employees_last_name_idx').on(t.lastName, t.firstName),
  ],
);
