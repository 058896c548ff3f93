import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { folded } from './search.ts';

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
    /**
     * When the person proved they own `email` (the embedded provider's verification link, an external
     * provider's `email_verified`, or an operator's `npm run users`). Null: unverified, so the email links
     * to no customer or employee record and the account cannot book (decision 010).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Access tokens issued before this instant are refused by the API (a password reset or a sign-out
     * everywhere moves it forward).
     */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    /** The email, folded: the admin's roles list in email order (decision 024). */
    sortKey: text('sort_key').notNull().generatedAlwaysAs(folded('email')),
    /** Email and names, folded: what a search reads (decision 024). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(folded('email', 'first_name', 'last_name')),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_external_subject_uq').on(t.externalSubject),
    // The admin's roles list (decision 024): in email order by keyset, searched by trigram.
    index('users_sort_idx').on(t.sortKey, t.id),
    index('users_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);
