import {
  boolean,
  doublePrecision,
  index,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';
import { id } from './columns.ts';
import { visitStepEnum } from './enums.ts';
import { users } from './users.ts';

/**
 * A visit's steps in the field (issue 30, decision 062), one row each, never changed: what, when (UTC),
 * who, where the phone was when it allowed it, the reason or the office's note, and the key the phone
 * made so that a step sent twice is recorded once.
 */
export const visitSteps = pgTable(
  'visit_steps',
  {
    id: id(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    step: visitStepEnum('step').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The cleaner's first name (their employee record), null for the office without one. */
    byFirstName: text('by_first_name'),
    /** Recorded by an admin rather than by a cleaner on the visit. */
    byOffice: boolean('by_office').notNull(),
    /** The office set the step back or to another step: `note` says why. */
    correction: boolean('correction').notNull().default(false),
    note: text('note'),
    /** With "on the way": the minutes told to the customer. */
    etaMinutes: smallint('eta_minutes'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** In metres, as the phone gave it. */
    accuracy: real('accuracy'),
    idempotencyKey: text('idempotency_key').notNull(),
  },
  (t) => [
    uniqueIndex('visit_steps_key_uq').on(t.appointmentId, t.idempotencyKey),
    index('visit_steps_visit_at_idx').on(t.appointmentId, t.at),
  ],
);
