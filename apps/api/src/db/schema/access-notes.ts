import { sql } from 'drizzle-orm';
import { boolean, customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';
import { id } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The access notes of a customer's place (issue 30 §5, decision 065), one row per customer: the place is
 * the customer's home, the address of the profile. The texts are one JSON document sealed with
 * AES-256-GCM (`lib/sealed-text.ts`): `key_id` names the key (its fingerprint), `iv` the 12-byte nonce,
 * `sealed` the ciphertext followed by its 16-byte tag. No plaintext is stored.
 */
export const accessNotes = pgTable('access_notes', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  keyId: text('key_id').notNull(),
  iv: bytea('iv').notNull(),
  sealed: bytea('sealed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Every reading of a place's access notes (decision 065), never changed: who (the account, their first
 * name, the office or the visit's cleaner), when, for which visit (null: the office read them on the
 * customer's page). The customer sees them on their profile.
 */
export const accessNoteReads = pgTable(
  'access_note_reads',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    /** The visit's start, kept so the log still says which visit after a delete. */
    visitStartsAt: timestamp('visit_starts_at', { withTimezone: true }),
    readerUserId: uuid('reader_user_id').references(() => users.id, { onDelete: 'set null' }),
    readerFirstName: text('reader_first_name'),
    byOffice: boolean('by_office').notNull(),
    readAt: timestamp('read_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('access_note_reads_customer_idx').on(t.customerId, t.readAt.desc())],
);
