import { pgTable, primaryKey, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';

/**
 * One row per reminder queued: the visit, how many hours before, and the start it was for. Written in
 * the transaction that queues the email, so each reminder goes out once however many processes run the
 * pass; a moved visit has a new start, hence its own reminder.
 */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    hoursBefore: smallint('hours_before').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.hoursBefore, t.startsAt] })],
);
