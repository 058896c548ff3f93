import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';
import { id } from './columns.ts';
import { services } from './services.ts';
import { users } from './users.ts';

/** A service's checklist (issue 30 §3, decision 064): its items in order, in English and French. */
export const serviceChecklistItems = pgTable(
  'service_checklist_items',
  {
    id: id(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    textEn: text('text_en').notNull(),
    textFr: text('text_fr').notNull(),
  },
  (t) => [index('service_checklist_items_service_idx').on(t.serviceId, t.position)],
);

/**
 * When a visit's checklist was copied from its services' (at "arrived", its first answer or "completed",
 * whichever came first). A visit without a row has not started: it shows its services' checklists as they
 * are now. A row with no items is an empty checklist, kept so (an item the admin adds later is not its).
 */
export const visitChecklists = pgTable('visit_checklists', {
  appointmentId: uuid('appointment_id')
    .primaryKey()
    .references(() => appointments.id, { onDelete: 'cascade' }),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A visit's copy of its checklist items: the texts as they were when it was taken (never changed by the
 * admin's later edits), and the answer (ticked, or the note saying why not) with when and who. `item_id` is
 * the service item's id at the time (not a reference: the admin may delete it later), so the phone may
 * answer an item it showed before the copy was taken.
 */
export const visitChecklistItems = pgTable(
  'visit_checklist_items',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => visitChecklists.appointmentId, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    position: integer('position').notNull(),
    serviceTitle: text('service_title').notNull(),
    textEn: text('text_en').notNull(),
    textFr: text('text_fr').notNull(),
    ticked: boolean('ticked').notNull().default(false),
    note: text('note'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredByUserId: uuid('answered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    answeredByFirstName: text('answered_by_first_name'),
    answeredByOffice: boolean('answered_by_office').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.itemId] })],
);
