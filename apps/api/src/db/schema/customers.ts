import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { folded } from './search.ts';
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
    /** `A1A 1A1` (issue 16): decides whether online booking is open to this address. Optional. */
    postalCode: text('postal_code'),
    /** Reminders before a visit and feedback requests after one (issue 15); the customer may turn them off. */
    optionalEmails: boolean('optional_emails').notNull().default(true),
    /** The secret of the one-click unsubscribe link in those emails. */
    emailToken: uuid('email_token')
      .notNull()
      .default(sql`gen_random_uuid()`),
    /** The customer at Stripe (PAYMENTS=stripe, decision 053), made once with a key from our id. */
    stripeCustomerId: text('stripe_customer_id'),
    /** The card on file: Stripe's payment method and what the customer is shown of it (never its number). */
    cardPaymentMethodId: text('card_payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: smallint('card_exp_month'),
    cardExpYear: smallint('card_exp_year'),
    /** When the customer asked for the page that saved it: a card asked for earlier never replaces it. */
    cardRequestedAt: timestamp('card_requested_at', { withTimezone: true }),
    /** Last then first name, folded: the admin's list and picker in name order (decision 024). */
    sortKey: text('sort_key').notNull().generatedAlwaysAs(folded('last_name', 'first_name')),
    /** Names, email and company, folded: what a search reads (decision 024). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(folded('first_name', 'last_name', 'email', 'company_name')),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customers_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('customers_user_id_uq').on(t.userId),
    uniqueIndex('customers_email_token_uq').on(t.emailToken),
    uniqueIndex('customers_stripe_customer_uq').on(t.stripeCustomerId),
    // The admin's list and picker (decision 024): in name order by keyset, searched by trigram.
    index('customers_sort_idx').on(t.sortKey, t.id),
    index('customers_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);
