import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';
import { customers } from './customers.ts';
import { employees } from './employees.ts';
import { id, timestamps } from './columns.ts';

/**
 * A mobile number that may receive texts (issue 31, decision 067): a customer's or an employee's, in
 * E.164, with the express consent given for it (Canada's anti-spam law: when, and the exact words shown,
 * in the language shown). A STOP received from the number sets `stoppedAt` until a START.
 */
export const textContacts = pgTable(
  'text_contacts',
  {
    id: id(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    /** E.164, e.g. +15145550100. */
    mobile: text('mobile').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    /** The consent sentence exactly as the person was shown it. */
    consentWording: text('consent_wording').notNull(),
    consentLocale: text('consent_locale').notNull(),
    /** STOP (or ARRÊT, UNSUBSCRIBE…) received from this number: no text until START. */
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /** Per kind of message: `email`, `text` or `both` (customers; an employee's changed jobs by text). */
    reminderBy: text('reminder_by').notNull().default('both'),
    confirmationBy: text('confirmation_by').notNull().default('both'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('text_contacts_customer_uq').on(t.customerId),
    uniqueIndex('text_contacts_employee_uq').on(t.employeeId),
    index('text_contacts_mobile_idx').on(t.mobile),
    check('text_contacts_one_owner', sql`(${t.customerId} is null) <> (${t.employeeId} is null)`),
    check('text_contacts_reminder_by', sql`${t.reminderBy} in ('email', 'text', 'both')`),
    check('text_contacts_confirmation_by', sql`${t.confirmationBy} in ('email', 'text', 'both')`),
  ],
);

/**
 * One row per text and recipient, written in the transaction that decides to send it (with its job). Its
 * id is the idempotency key given to the provider; the status follows the provider's callbacks.
 */
export const textDeliveries = pgTable(
  'text_deliveries',
  {
    id: id(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    locale: text('locale').notNull(),
    /** What the text says, by kind (the visit's start…): rendered in `locale` when it is sent. */
    data: jsonb('data').notNull(),
    /** The text as sent, and its SMS segments (GSM-7 or UCS-2). */
    body: text('body'),
    segments: smallint('segments'),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The job that sends it (a failed one is retried from the office's list). */
    jobId: text('job_id'),
    /** `queued`, `sent` (the provider took it), then its callbacks: `delivered`, `undelivered`, `failed`; or `skipped`. */
    status: text('status').notNull().default('queued'),
    providerId: text('provider_id'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('text_deliveries_provider_uq').on(t.providerId),
    index('text_deliveries_status_idx').on(t.status, t.createdAt.desc()),
  ],
);
