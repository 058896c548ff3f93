import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

export const customers = pgTable(
  'customers',
  {
    id: id(),
    /** The account this profile belongs to, when the customer signs in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    companyName: text('company_name'),
    address: text('address'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customers_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('customers_user_id_uq').on(t.userId),
    index('customers_last_name_idx').on(t.lastName, t.firstName),
  ],
);
