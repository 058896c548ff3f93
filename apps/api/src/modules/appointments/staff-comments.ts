import { and, eq, inArray } from 'drizzle-orm';
import { appointmentAssignments } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';

/**
 * Whose visit comments a staff list shows (decision 065): the office every visit's; an employee only those
 * of the visits they are on, since a customer's comments may hold how to get in (a door code written
 * before access notes existed). `employeeId` null: an employee without a record sees none.
 */
export type CommentsReader = { office: true } | { office: false; employeeId: string | null };

/** The visits with the comments the reader may see, the others' set to null. */
export async function withCommentsFor<T extends { appointmentId: string; comments: string | null }>(
  db: Db,
  reader: CommentsReader,
  visits: readonly T[],
): Promise<T[]> {
  if (reader.office) return [...visits];
  const ids = visits.filter((visit) => visit.comments !== null).map((visit) => visit.appointmentId);
  const mine =
    reader.employeeId === null || ids.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ id: appointmentAssignments.appointmentId })
              .from(appointmentAssignments)
              .where(
                and(
                  eq(appointmentAssignments.employeeId, reader.employeeId),
                  inArray(appointmentAssignments.appointmentId, ids),
                ),
              )
          ).map((row) => row.id),
        );
  return visits.map((visit) => (mine.has(visit.appointmentId) ? visit : { ...visit, comments: null }));
}
