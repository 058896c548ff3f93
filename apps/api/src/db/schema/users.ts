import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

/** Sign-in accounts. `password_hash` is null for accounts that only sign in through an external provider. */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Subject of the account at an external OpenID Connect provider, when one is used. */
    externalSubject: text('external_subject'),
    locale: text('locale').notNull().default('en'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_external_subject_uq').on(t.externalSubject),
  ],
);
