import type { accessNotesInputSchema } from '@eclat/shared';
import {
  ACCESS_NOTE_FIELDS,
  ACCESS_NOTE_MAX_LENGTH,
  accessWindowOf,
  isAccessWindowOpen,
  looksLikeAccessCode,
  type AccessNoteRead,
  type AccessNotes,
  type AccessNoteTexts,
  type FlaggedComment,
  type VisitAccessNotes,
} from '@eclat/shared';
import type { z } from 'zod';
import type { Db } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { seal, unseal, type SealingKeys } from '../../lib/sealed-text.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { findOwnCustomer, findOwnEmployee } from '../auth/ownership.ts';
import { findCustomerById } from '../customers/customers.repository.ts';
import { assignedEmployeeIds } from '../scheduling/staff.repository.ts';
import {
  clearVisitComments,
  findReadings,
  findSealedNotes,
  findVisitForNotes,
  findVisitsWithDigitComments,
  insertReading,
  lockSealedNotes,
  lockVisitComments,
  saveSealedNotes,
  type SealedNotesRow,
} from './access-notes.repository.ts';

/**
 * Access notes (issue 30 §5, decision 065). The place is the customer's home (the profile's address): one
 * set of notes per customer, sealed with AES-256-GCM. Written by the customer on their profile or by the
 * admin; read by the admin, and by the cleaner on a visit of that customer from the start of the day
 * before the visit (business time zone) until its end (`accessWindowOf`). Every reading of written notes
 * is logged, and the customer sees the log.
 */

export type AccessNotesDeps = { db: Db; jobs: Jobs; keys: SealingKeys; timeZone: string };
type Caller = Pick<AuthContext, 'userId' | 'email' | 'emailVerified' | 'permissions' | 'firstName'>;
type NotesInput = z.output<typeof accessNotesInputSchema>;

/** The log a customer sees: the newest readings. */
const READINGS_SHOWN = 100;
/** The flagged comments: visits from this many days back, at most this many. */
const FLAGGED_DAYS_BACK = 90;
const FLAGGED_LIMIT = 200;

const EMPTY: AccessNoteTexts = {
  doorCode: null,
  alarmCode: null,
  keys: null,
  pets: null,
  parking: null,
  other: null,
};

/** The associated data a place's notes are sealed with: a sealed value opens on its own customer only. */
const contextOf = (customerId: string) => `access-notes:${customerId}`;

function textsOf(value: unknown): AccessNoteTexts {
  const texts: AccessNoteTexts = { ...EMPTY };
  if (typeof value !== 'object' || value === null) return texts;
  for (const field of ACCESS_NOTE_FIELDS) {
    const text: unknown = Reflect.get(value, field);
    texts[field] = typeof text === 'string' && text !== '' ? text : null;
  }
  return texts;
}

/**
 * The texts of a sealed row. A row no key of this server opens (a backup restored without its key, a
 * rotation without ACCESS_NOTES_PREVIOUS_KEYS) is never shown as empty nor overwritten by a move: 503,
 * until the key is given back (or the customer writes the notes again).
 */
function openNotes(keys: SealingKeys, customerId: string, row: SealedNotesRow | undefined): AccessNoteTexts {
  if (!row) return { ...EMPTY };
  const json = unseal(keys, row, contextOf(customerId));
  if (json === null)
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'These access notes cannot be opened with the server’s key right now. Please tell the office.',
    );
  return textsOf(JSON.parse(json));
}

const isWritten = (texts: AccessNoteTexts) => ACCESS_NOTE_FIELDS.some((field) => texts[field] !== null);

async function notesOf(deps: AccessNotesDeps, customerId: string): Promise<AccessNotes> {
  const row = await findSealedNotes(deps.db, customerId);
  return {
    customerId,
    notes: openNotes(deps.keys, customerId, row),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

async function writeNotes(
  deps: AccessNotesDeps,
  db: Db,
  customerId: string,
  texts: AccessNoteTexts,
  byUserId: string,
): Promise<AccessNotes> {
  const sealed = seal(deps.keys, JSON.stringify(texts), contextOf(customerId));
  const updatedAt = await saveSealedNotes(db, customerId, sealed, byUserId);
  return { customerId, notes: texts, updatedAt: updatedAt.toISOString() };
}

async function ownCustomerId(deps: AccessNotesDeps, caller: Caller): Promise<string> {
  const customer = await findOwnCustomer(deps.db, caller);
  if (!customer) throw notFound('Customer profile');
  return customer.id;
}

/** The customer's id as stored (the path's may differ in case: the notes are sealed to the stored one). */
async function existingCustomerId(deps: AccessNotesDeps, customerId: string): Promise<string> {
  const customer = await findCustomerById(deps.db, customerId);
  if (!customer) throw notFound('Customer');
  return customer.id;
}

/** `GET /customers/me/access-notes`: the customer's own notes (their own reading is not logged). */
export async function readOwnNotes(deps: AccessNotesDeps, caller: Caller): Promise<AccessNotes> {
  return notesOf(deps, await ownCustomerId(deps, caller));
}

/** `PUT /customers/me/access-notes`: the customer writes the notes of their place (all fields at once). */
export async function writeOwnNotes(
  deps: AccessNotesDeps,
  caller: Caller,
  input: NotesInput,
): Promise<AccessNotes> {
  return writeNotes(deps, deps.db, await ownCustomerId(deps, caller), textsOf(input), caller.userId);
}

/** `GET /customers/{id}/access-notes` (admin): read, and logged as the office's reading without a visit. */
export async function readCustomerNotes(
  deps: AccessNotesDeps,
  caller: Caller,
  customerId: string,
): Promise<AccessNotes> {
  const notes = await notesOf(deps, await existingCustomerId(deps, customerId));
  if (isWritten(notes.notes))
    await insertReading(deps.db, {
      customerId: notes.customerId,
      appointmentId: null,
      visitStartsAt: null,
      readerUserId: caller.userId,
      readerFirstName: caller.firstName || null,
      byOffice: true,
    });
  return notes;
}

/** `PUT /customers/{id}/access-notes` (admin). */
export async function writeCustomerNotes(
  deps: AccessNotesDeps,
  caller: Caller,
  customerId: string,
  input: NotesInput,
): Promise<AccessNotes> {
  return writeNotes(deps, deps.db, await existingCustomerId(deps, customerId), textsOf(input), caller.userId);
}

/**
 * `GET /appointments/{id}/access-notes`: the notes of the visit's place, for the office at all times and
 * for the cleaner on the visit within its window (403 NOT_YOUR_VISIT for another employee, 403
 * ACCESS_NOTES_CLOSED outside the window, 403 for a customer). Each reading of written notes is logged
 * before they are answered: no notes leave without their line in the log.
 */
export async function readVisitNotes(
  deps: AccessNotesDeps,
  caller: Caller,
  appointmentId: string,
  now = new Date(),
): Promise<VisitAccessNotes> {
  const visit = await findVisitForNotes(deps.db, appointmentId);
  if (!visit) throw notFound('Appointment');
  const byOffice = caller.permissions.has('admin');
  let readerFirstName: string | null = caller.firstName || null;
  if (!byOffice) {
    if (!caller.permissions.has('employee'))
      throw forbidden('Only the office and the visit’s cleaner read access notes.');
    const employee = await findOwnEmployee(deps.db, caller);
    const team = await assignedEmployeeIds(deps.db, appointmentId);
    if (!employee || !team.includes(employee.id))
      throw new AppError('NOT_YOUR_VISIT', 'Only the cleaner on this visit reads its access notes.');
    if (!isAccessWindowOpen(visit, deps.timeZone, now))
      throw new AppError(
        'ACCESS_NOTES_CLOSED',
        'Access notes are shown from the day before the visit until its end.',
      );
    readerFirstName = employee.firstName;
  }
  const row = await findSealedNotes(deps.db, visit.customerId);
  const notes = openNotes(deps.keys, visit.customerId, row);
  const written = isWritten(notes);
  if (written)
    await insertReading(deps.db, {
      customerId: visit.customerId,
      appointmentId,
      visitStartsAt: visit.appointmentDate,
      readerUserId: caller.userId,
      readerFirstName,
      byOffice,
    });
  const window = accessWindowOf(visit, deps.timeZone);
  return {
    appointmentId,
    customerId: visit.customerId,
    notes,
    written,
    opensAt: window ? window.opensAt.toISOString() : null,
    closesAt: window ? window.closesAt.toISOString() : null,
  };
}

const toReading = (row: Awaited<ReturnType<typeof findReadings>>[number]): AccessNoteRead => ({
  readAt: row.readAt.toISOString(),
  readerFirstName: row.readerFirstName,
  byOffice: row.byOffice,
  appointmentId: row.appointmentId,
  visitStartsAt: row.visitStartsAt ? row.visitStartsAt.toISOString() : null,
});

/** `GET /customers/me/access-notes/reads`: who read the customer's notes, when, for which visit. */
export async function readOwnLog(deps: AccessNotesDeps, caller: Caller): Promise<AccessNoteRead[]> {
  const rows = await findReadings(deps.db, await ownCustomerId(deps, caller), READINGS_SHOWN);
  return rows.map(toReading);
}

/** `GET /customers/{id}/access-notes/reads` (admin). */
export async function readCustomerLog(deps: AccessNotesDeps, customerId: string): Promise<AccessNoteRead[]> {
  const rows = await findReadings(deps.db, await existingCustomerId(deps, customerId), READINGS_SHOWN);
  return rows.map(toReading);
}

/**
 * `GET /admin/access-notes/flagged` (admin): visits (not cancelled, from 90 days back) whose comments look
 * like they hold an access code (`looksLikeAccessCode`), soonest first, for the office to move.
 */
export async function flaggedComments(deps: AccessNotesDeps, now = new Date()): Promise<FlaggedComment[]> {
  const since = new Date(now.getTime() - FLAGGED_DAYS_BACK * 24 * 60 * 60 * 1000);
  const rows = await findVisitsWithDigitComments(deps.db, since, FLAGGED_LIMIT * 5);
  return rows
    .filter((row) => looksLikeAccessCode(row.comments))
    .slice(0, FLAGGED_LIMIT)
    .map((row) => ({
      appointmentId: row.appointmentId,
      customerId: row.customerId,
      customerFirstName: row.customerFirstName,
      customerLastName: row.customerLastName,
      appointmentDate: row.appointmentDate.toISOString(),
      comments: row.comments ?? '',
    }));
}

/**
 * `POST /admin/access-notes/moves` (admin): the visit's comments are added to its customer's notes
 * ("other", on a line of their own) and taken off the visit, in one transaction under both rows' locks.
 * 409 when the visit has no comments, or when "other" would grow beyond its limit (the office edits the
 * notes first). Answers the notes as they are now (a reading of the office's when some were written before).
 */
export async function moveCommentsToNotes(
  deps: AccessNotesDeps,
  caller: Caller,
  appointmentId: string,
): Promise<AccessNotes> {
  return deps.jobs.transaction(async (tx) => {
    const visit = await lockVisitComments(tx.db, appointmentId);
    if (!visit) throw notFound('Appointment');
    if (!visit.comments) throw new AppError('CONFLICT', 'This visit has no comments to move.');
    const texts = openNotes(deps.keys, visit.customerId, await lockSealedNotes(tx.db, visit.customerId));
    const other = texts.other ? `${texts.other}\n${visit.comments}` : visit.comments;
    if (other.length > ACCESS_NOTE_MAX_LENGTH)
      throw new AppError('CONFLICT', 'The access notes’ “other” would be too long: shorten it first.');
    const notes = await writeNotes(deps, tx.db, visit.customerId, { ...texts, other }, caller.userId);
    await clearVisitComments(tx.db, visit.id);
    // The answer shows the notes written before: a reading of the office's, logged like the others.
    if (isWritten(texts))
      await insertReading(tx.db, {
        customerId: visit.customerId,
        appointmentId: visit.id,
        visitStartsAt: null,
        readerUserId: caller.userId,
        readerFirstName: caller.firstName || null,
        byOffice: true,
      });
    return notes;
  });
}
