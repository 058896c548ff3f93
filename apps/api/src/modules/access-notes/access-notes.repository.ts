import { and, asc, desc, eq, gte, isNotNull, ne, sql } from 'drizzle-orm';
import { accessNoteReads, accessNotes, appointments } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import type { Sealed } from '../../lib/sealed-text.ts';

/** The queries of access notes (decision 065): the sealed row of a place, its readings, the flagged comments. */

export type SealedNotesRow = Sealed & { updatedAt: Date };

const SEALED_COLUMNS = {
  keyId: accessNotes.keyId,
  iv: accessNotes.iv,
  sealed: accessNotes.sealed,
  updatedAt: accessNotes.updatedAt,
};

export async function findSealedNotes(db: Db, customerId: string): Promise<SealedNotesRow | undefined> {
  const [row] = await db
    .select(SEALED_COLUMNS)
    .from(accessNotes)
    .where(eq(accessNotes.customerId, customerId));
  return row;
}

export async function saveSealedNotes(
  db: Db,
  customerId: string,
  sealed: Sealed,
  byUserId: string,
): Promise<Date> {
  const values = { ...sealed, updatedAt: new Date(), updatedByUserId: byUserId };
  const [row] = await db
    .insert(accessNotes)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: accessNotes.customerId, set: values })
    .returning({ updatedAt: accessNotes.updatedAt });
  return row?.updatedAt ?? values.updatedAt;
}

/** Locks the place's notes row (when there is one) for a read-change-write (the office's move of a comment). */
export async function lockSealedNotes(db: Db, customerId: string): Promise<SealedNotesRow | undefined> {
  const [row] = await db
    .select(SEALED_COLUMNS)
    .from(accessNotes)
    .where(eq(accessNotes.customerId, customerId))
    .for('update');
  return row;
}

export type NotesReading = {
  customerId: string;
  appointmentId: string | null;
  visitStartsAt: Date | null;
  readerUserId: string;
  readerFirstName: string | null;
  byOffice: boolean;
};

export async function insertReading(db: Db, reading: NotesReading): Promise<void> {
  await db.insert(accessNoteReads).values(reading);
}

/** The place's readings, newest first (at most `limit`). */
export async function findReadings(db: Db, customerId: string, limit: number) {
  return db
    .select({
      readAt: accessNoteReads.readAt,
      readerFirstName: accessNoteReads.readerFirstName,
      byOffice: accessNoteReads.byOffice,
      appointmentId: accessNoteReads.appointmentId,
      visitStartsAt: accessNoteReads.visitStartsAt,
    })
    .from(accessNoteReads)
    .where(eq(accessNoteReads.customerId, customerId))
    .orderBy(desc(accessNoteReads.readAt), desc(accessNoteReads.id))
    .limit(limit);
}

/** What the window and the reading need of a visit. */
export async function findVisitForNotes(db: Db, appointmentId: string) {
  const [row] = await db
    .select({
      id: appointments.id,
      customerId: appointments.customerId,
      appointmentDate: appointments.appointmentDate,
      endsAt: appointments.endsAt,
      status: appointments.status,
      step: appointments.step,
      comments: appointments.comments,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row;
}

/** Locks a visit's row before its comments move into access notes. */
export async function lockVisitComments(db: Db, appointmentId: string) {
  const [row] = await db
    .select({ id: appointments.id, customerId: appointments.customerId, comments: appointments.comments })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
    .for('update');
  return row;
}

/** The comments moved: gone from the visit, its revision up (its calendar event changes). */
export async function clearVisitComments(db: Db, appointmentId: string): Promise<void> {
  await db
    .update(appointments)
    .set({ comments: null, revision: sql`${appointments.revision} + 1` })
    .where(eq(appointments.id, appointmentId));
}

/**
 * Visits not cancelled, from `since` on, whose comments hold three digits or more in a row (the cheap
 * first sieve in SQL; `looksLikeAccessCode` decides), soonest first, at most `limit`.
 */
export async function findVisitsWithDigitComments(db: Db, since: Date, limit: number) {
  return db
    .select({
      appointmentId: appointments.id,
      customerId: appointments.customerId,
      customerFirstName: appointments.customerFirstName,
      customerLastName: appointments.customerLastName,
      appointmentDate: appointments.appointmentDate,
      comments: appointments.comments,
    })
    .from(appointments)
    .where(
      and(
        isNotNull(appointments.comments),
        ne(appointments.status, 'cancelled'),
        gte(appointments.appointmentDate, since),
        sql`${appointments.comments} ~ '[0-9][^0-9a-zA-Z]?[0-9][^0-9a-zA-Z]?[0-9]'`,
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.id))
    .limit(limit);
}
