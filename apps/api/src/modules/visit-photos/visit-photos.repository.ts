import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { VisitPhotoKind } from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { visitPhotos, visitProblems } from '../../db/schema/index.ts';

export type PhotoRow = typeof visitPhotos.$inferSelect;
export type ProblemRow = typeof visitProblems.$inferSelect;

/** A visit's photos, oldest first. */
export function findVisitPhotos(db: Db, appointmentId: string): Promise<PhotoRow[]> {
  return db
    .select()
    .from(visitPhotos)
    .where(eq(visitPhotos.appointmentId, appointmentId))
    .orderBy(asc(visitPhotos.createdAt), asc(visitPhotos.id));
}

/** A visit's problem reports, oldest first. */
export function findVisitProblems(db: Db, appointmentId: string): Promise<ProblemRow[]> {
  return db
    .select()
    .from(visitProblems)
    .where(eq(visitProblems.appointmentId, appointmentId))
    .orderBy(asc(visitProblems.createdAt), asc(visitProblems.id));
}

export async function findVisitPhoto(
  db: Db,
  appointmentId: string,
  photoId: string,
): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(visitPhotos)
    .where(and(eq(visitPhotos.appointmentId, appointmentId), eq(visitPhotos.id, photoId)));
  return row;
}

export async function findPhotoByKey(db: Db, appointmentId: string, key: string) {
  const [row] = await db
    .select()
    .from(visitPhotos)
    .where(and(eq(visitPhotos.appointmentId, appointmentId), eq(visitPhotos.idempotencyKey, key)));
  return row;
}

export async function findProblemByKey(db: Db, appointmentId: string, key: string) {
  const [row] = await db
    .select()
    .from(visitProblems)
    .where(and(eq(visitProblems.appointmentId, appointmentId), eq(visitProblems.idempotencyKey, key)));
  return row;
}

/** How many photos of that kind the visit has. */
export async function countVisitPhotos(db: Db, appointmentId: string, kind: VisitPhotoKind): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(visitPhotos)
    .where(and(eq(visitPhotos.appointmentId, appointmentId), eq(visitPhotos.kind, kind)));
  return row?.n ?? 0;
}

export async function insertVisitPhoto(db: Db, photo: typeof visitPhotos.$inferInsert): Promise<PhotoRow> {
  const [row] = await db.insert(visitPhotos).values(photo).returning();
  if (!row) throw new Error('The photo was not recorded.');
  return row;
}

export async function insertVisitProblem(
  db: Db,
  problem: typeof visitProblems.$inferInsert,
): Promise<ProblemRow> {
  const [row] = await db.insert(visitProblems).values(problem).returning();
  if (!row) throw new Error('The problem report was not recorded.');
  return row;
}

/**
 * Attaches the visit's "problem" photos among `photoIds` that no report has yet to `problemId`; answers how
 * many were attached.
 */
export async function attachProblemPhotos(
  db: Db,
  appointmentId: string,
  problemId: string,
  photoIds: string[],
): Promise<number> {
  if (photoIds.length === 0) return 0;
  const rows = await db
    .update(visitPhotos)
    .set({ problemId })
    .where(
      and(
        eq(visitPhotos.appointmentId, appointmentId),
        eq(visitPhotos.kind, 'problem'),
        isNull(visitPhotos.problemId),
        inArray(visitPhotos.id, photoIds),
      ),
    )
    .returning({ id: visitPhotos.id });
  return rows.length;
}
