import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { VisitPhotoKind, VisitProblemKind } from '@eclat/shared';
import { appointments } from './appointments.ts';
import { id } from './columns.ts';
import { users } from './users.ts';

/**
 * A visit's problem reports from the field (issue 30 §4, decision 068): what, the cleaner's note, who, and
 * the key the phone made so that a report sent twice is recorded (and emailed to the office) once.
 */
export const visitProblems = pgTable(
  'visit_problems',
  {
    id: id(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<VisitProblemKind>().notNull(),
    note: text('note').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byFirstName: text('by_first_name'),
    byOffice: boolean('by_office').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    idempotencyKey: text('idempotency_key').notNull(),
  },
  (t) => [uniqueIndex('visit_problems_key_uq').on(t.appointmentId, t.idempotencyKey)],
);

/**
 * A visit's photos (issue 30 §4, decision 068): the stored copy (re-encoded, without metadata) is a file of
 * the photo store named by the server (`storage_name`); the row says whose it is and what it shows.
 */
export const visitPhotos = pgTable(
  'visit_photos',
  {
    id: id(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<VisitPhotoKind>().notNull(),
    problemId: uuid('problem_id').references(() => visitProblems.id, { onDelete: 'set null' }),
    storageName: text('storage_name').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byFirstName: text('by_first_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    idempotencyKey: text('idempotency_key').notNull(),
  },
  (t) => [
    uniqueIndex('visit_photos_key_uq').on(t.appointmentId, t.idempotencyKey),
    index('visit_photos_visit_kind_idx').on(t.appointmentId, t.kind),
  ],
);
