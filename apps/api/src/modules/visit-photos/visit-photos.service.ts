import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  CUSTOMER_VISIT_PHOTO_KINDS,
  VISIT_PHOTOS_PER_KIND,
  type Locale,
  type VisitFieldReport,
  type VisitPhoto,
  type visitPhotoInputSchema,
  type VisitProblem,
  type visitProblemInputSchema,
} from '@eclat/shared';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Db } from '../../db/transaction.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { findAppointment, lockAppointment } from '../appointments/appointments.repository.ts';
import type { Caller } from '../appointments/appointments.service.ts';
import { ownsCustomer } from '../auth/ownership.ts';
import { fieldAuthor } from '../scheduling/field-author.ts';
import { photoBytes, preparePhoto } from './photo-image.ts';
import { photoStorageName, type PhotoStore } from './photo-store.ts';
import {
  attachProblemPhotos,
  countVisitPhotos,
  findPhotoByKey,
  findProblemByKey,
  findVisitPhoto,
  findVisitPhotos,
  findVisitProblems,
  insertVisitPhoto,
  insertVisitProblem,
  type PhotoRow,
  type ProblemRow,
} from './visit-photos.repository.ts';

/**
 * Photos and problem reports from the field (issue 30 §4, decision 068). Who sends: the cleaner on the
 * visit or the office (the field's one rule, `fieldAuthor`). Who sees: the office and the visit's cleaners
 * everything; the visit's customer its "before" and "after" photos once it is completed; anyone else
 * 403 (an employee: NOT_YOUR_VISIT) or 404. A key made on the phone records a photo or a report once.
 */

export type PhotoDeps = {
  db: Db;
  jobs: Jobs;
  store: PhotoStore;
  /** The office's address (CONTACT_TO) and language (BUSINESS_LOCALE): a problem is emailed there at once. */
  officeEmail: string;
  officeLocale: Locale;
};

type PhotoInput = z.output<typeof visitPhotoInputSchema>;
type ProblemInput = z.output<typeof visitProblemInputSchema>;

const photoOf = (row: PhotoRow): VisitPhoto => ({
  photoId: row.id,
  kind: row.kind,
  problemId: row.problemId,
  width: row.width,
  height: row.height,
  url: `/api/v1/appointments/${row.appointmentId}/photos/${row.id}`,
  byFirstName: row.byFirstName,
  createdAt: row.createdAt.toISOString(),
});

const problemOf = (row: ProblemRow, photos: PhotoRow[]): VisitProblem => ({
  problemId: row.id,
  kind: row.kind,
  note: row.note,
  byFirstName: row.byFirstName,
  byOffice: row.byOffice,
  createdAt: row.createdAt.toISOString(),
  photos: photos.filter((photo) => photo.problemId === row.id).map(photoOf),
});

const keyReused = () => new AppError('IDEMPOTENCY_KEY_REUSED', 'This key already recorded something else.');

/** What the caller may see of the visit's photos: all (the office, its cleaners) or the customer's part. */
async function viewerOf(deps: PhotoDeps, caller: Caller, appointmentId: string) {
  const visit = await findAppointment(deps.db, appointmentId);
  if (!visit) throw notFound('Appointment');
  try {
    await fieldAuthor(deps.db, caller, appointmentId);
    return { visit, staff: true };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'NOT_YOUR_VISIT')) throw error;
    if (await ownsCustomer(deps.db, caller, { id: visit.customerId })) return { visit, staff: false };
    if (caller.permissions.has('employee')) throw error;
    throw notFound('Appointment');
  }
}

/** Whether the customer of the visit sees this photo: before or after, once the visit is completed. */
const customerSees = (status: string, photo: PhotoRow) =>
  status === 'completed' && CUSTOMER_VISIT_PHOTO_KINDS.includes(photo.kind);

/** `GET /appointments/{id}/photos`: the visit's photos and problem reports the caller may see. */
export async function readVisitFieldReport(
  deps: PhotoDeps,
  caller: Caller,
  appointmentId: string,
): Promise<VisitFieldReport> {
  const { visit, staff } = await viewerOf(deps, caller, appointmentId);
  const photos = await findVisitPhotos(deps.db, appointmentId);
  if (!staff) {
    const shown = photos.filter((photo) => customerSees(visit.status, photo));
    return { appointmentId, photos: shown.map(photoOf), problems: [] };
  }
  const problems = await findVisitProblems(deps.db, appointmentId);
  return {
    appointmentId,
    photos: photos.filter((photo) => photo.problemId === null).map(photoOf),
    problems: problems.map((problem) => problemOf(problem, photos)),
  };
}

/** `GET /appointments/{id}/photos/{photoId}`: the stored JPEG, for who may see it (404 otherwise). */
export async function readVisitPhotoFile(
  deps: PhotoDeps,
  caller: Caller,
  appointmentId: string,
  photoId: string,
): Promise<Buffer> {
  const { visit, staff } = await viewerOf(deps, caller, appointmentId);
  const photo = await findVisitPhoto(deps.db, appointmentId, photoId);
  if (!photo || (!staff && !customerSees(visit.status, photo))) throw notFound('Photo');
  const content = await deps.store.get(photo.storageName);
  if (!content) throw notFound('Photo');
  return content;
}

/** The visit, locked, still open to photos and reports (a cancelled one is not). */
async function lockOpenVisit(db: Db, appointmentId: string) {
  const visit = await lockAppointment(db, appointmentId);
  if (!visit) throw notFound('Appointment');
  if (visit.status === 'cancelled')
    throw new AppError('APPOINTMENT_CLOSED', 'This visit is cancelled: it takes no photos or reports.');
  return visit;
}

/**
 * `POST /appointments/{id}/photos`: checks, re-encodes (no metadata kept) and stores one photo, at most
 * `VISIT_PHOTOS_PER_KIND` of a kind per visit (409 TOO_MANY_PHOTOS). The same key again answers the same
 * photo; under another kind it is 409 IDEMPOTENCY_KEY_REUSED.
 */
export async function uploadVisitPhoto(
  deps: PhotoDeps,
  caller: Caller,
  appointmentId: string,
  input: PhotoInput,
): Promise<{ photo: VisitPhoto; created: boolean }> {
  const visit = await findAppointment(deps.db, appointmentId);
  if (!visit) throw notFound('Appointment');
  // The stored id from here on (the path's may differ in case; the file's name is made of it).
  const visitId = visit.appointmentId;
  const author = await fieldAuthor(deps.db, caller, visitId);
  const sameKey = (row: PhotoRow | undefined) => {
    if (row && row.kind !== input.kind) throw keyReused();
    return row && { photo: photoOf(row), created: false };
  };
  const refuseBeyondLimit = async (db: Db) => {
    if ((await countVisitPhotos(db, visitId, input.kind)) >= VISIT_PHOTOS_PER_KIND) {
      throw new AppError(
        'TOO_MANY_PHOTOS',
        `This visit already has ${String(VISIT_PHOTOS_PER_KIND)} photos of this kind.`,
        [{ path: 'body.kind', message: 'visitPhotos.errors.tooMany' }],
      );
    }
  };
  // A photo sent again (the phone replays what it is not sure was received) is not decoded again, nor
  // one beyond the limit (checked again under the lock).
  const before = sameKey(await findPhotoByKey(deps.db, visitId, input.key));
  if (before) return before;
  await refuseBeyondLimit(deps.db);
  const prepared = await preparePhoto(photoBytes(input.image));
  return deps.jobs.transaction(async (tx) => {
    await lockOpenVisit(tx.db, visitId);
    // Under the lock: of two requests with one key, the second sees the first's row.
    const earlier = sameKey(await findPhotoByKey(tx.db, visitId, input.key));
    if (earlier) return earlier;
    await refuseBeyondLimit(tx.db);
    const photoId = randomUUID();
    const storageName = photoStorageName(visitId, photoId);
    const row = await insertVisitPhoto(tx.db, {
      id: photoId,
      appointmentId: visitId,
      kind: input.kind,
      storageName,
      width: prepared.width,
      height: prepared.height,
      bytes: prepared.content.length,
      byUserId: caller.userId,
      byFirstName: author.byFirstName,
      idempotencyKey: input.key,
    });
    // Last: a failed write rolls the row back; the file of a failed commit is never served.
    await deps.store.put(storageName, prepared.content);
    return { photo: photoOf(row), created: true };
  });
}

/**
 * `POST /appointments/{id}/problems`: records a problem report with the visit's "problem" photos it names
 * (sent before, not in another report), and emails the office at once, in its language. The same key
 * again answers the same report and sends nothing.
 */
export async function reportVisitProblem(
  deps: PhotoDeps,
  caller: Caller,
  appointmentId: string,
  input: ProblemInput,
): Promise<{ problem: VisitProblem; created: boolean }> {
  if (!(await findAppointment(deps.db, appointmentId))) throw notFound('Appointment');
  const author = await fieldAuthor(deps.db, caller, appointmentId);
  const photoIds = [...new Set(input.photoIds ?? [])];
  const result = await deps.jobs.transaction(async (tx) => {
    await lockAppointment(tx.db, appointmentId);
    const earlier = await findProblemByKey(tx.db, appointmentId, input.key);
    if (earlier) {
      if (earlier.kind !== input.kind || earlier.note !== input.note) throw keyReused();
      return { id: earlier.id, created: false };
    }
    const visit = await lockOpenVisit(tx.db, appointmentId);
    const row = await insertVisitProblem(tx.db, {
      appointmentId,
      kind: input.kind,
      note: input.note,
      byUserId: caller.userId,
      byFirstName: author.byFirstName,
      byOffice: author.byOffice,
      idempotencyKey: input.key,
    });
    if ((await attachProblemPhotos(tx.db, appointmentId, row.id, photoIds)) !== photoIds.length) {
      throw new AppError(
        'VALIDATION_ERROR',
        'A photo is not a problem photo of this visit, or is in another report.',
        [{ path: 'body.photoIds', message: 'visitPhotos.errors.problemPhotos' }],
      );
    }
    const details = await findAppointment(tx.db, appointmentId);
    await tx.enqueue('email', {
      to: deps.officeEmail,
      locale: deps.officeLocale,
      message: {
        template: 'visit-problem',
        data: {
          appointmentId,
          kind: input.kind,
          note: input.note,
          cleanerFirstName: author.byFirstName,
          customerName: details ? `${details.customerFirstName} ${details.customerLastName}` : '',
          startsAt: visit.appointmentDate.toISOString(),
          photoCount: photoIds.length,
        },
      },
    });
    return { id: row.id, created: true };
  });
  const photos = await findVisitPhotos(deps.db, appointmentId);
  const problem = (await findVisitProblems(deps.db, appointmentId)).find((row) => row.id === result.id);
  if (!problem) throw notFound('Problem');
  return { problem: problemOf(problem, photos), created: result.created };
}
