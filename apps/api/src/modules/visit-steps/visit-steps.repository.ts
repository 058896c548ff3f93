import { and, asc, eq } from 'drizzle-orm';
import type { VisitStep, VisitStepRecord } from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { appointments, visitSteps } from '../../db/schema/index.ts';

type StepRow = typeof visitSteps.$inferSelect;

const recordOf = (row: StepRow): VisitStepRecord => ({
  stepId: row.id,
  step: row.step,
  at: row.at.toISOString(),
  byFirstName: row.byFirstName,
  byOffice: row.byOffice,
  correction: row.correction,
  note: row.note,
  etaMinutes: row.etaMinutes,
  latitude: row.latitude,
  longitude: row.longitude,
  accuracy: row.accuracy,
});

/** A visit's steps, oldest first. */
export async function findVisitSteps(db: Db, appointmentId: string): Promise<VisitStepRecord[]> {
  const rows = await db
    .select()
    .from(visitSteps)
    .where(eq(visitSteps.appointmentId, appointmentId))
    .orderBy(asc(visitSteps.at), asc(visitSteps.id));
  return rows.map(recordOf);
}

/** The step recorded under the phone's key on that visit, or undefined. */
export async function findStepByKey(
  db: Db,
  appointmentId: string,
  key: string,
): Promise<{ step: VisitStep } | undefined> {
  const [row] = await db
    .select({ step: visitSteps.step })
    .from(visitSteps)
    .where(and(eq(visitSteps.appointmentId, appointmentId), eq(visitSteps.idempotencyKey, key)));
  return row;
}

/** Whether the visit was ever "on the way" (the customer is told once per visit). */
export async function wasOnTheWay(db: Db, appointmentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: visitSteps.id })
    .from(visitSteps)
    .where(and(eq(visitSteps.appointmentId, appointmentId), eq(visitSteps.step, 'onTheWay')))
    .limit(1);
  return row !== undefined;
}

export type NewStep = Omit<typeof visitSteps.$inferInsert, 'id'> & { at: Date };

/** One step recorded, and copied on the visit as where it is now. */
export async function insertStep(db: Db, step: NewStep): Promise<void> {
  await db.insert(visitSteps).values(step);
  await db
    .update(appointments)
    .set({
      step: step.step,
      stepAt: step.at,
      stepByFirstName: step.byFirstName ?? null,
      stepEtaMinutes: step.etaMinutes ?? null,
    })
    .where(eq(appointments.id, step.appointmentId));
}
