import type { z } from 'zod';
import {
  unansweredItems,
  type checklistAnswerInputSchema,
  type serviceChecklistInputSchema,
  type ServiceChecklist,
  type VisitChecklist,
  type VisitStep,
} from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { findAppointment, lockAppointment } from '../appointments/appointments.repository.ts';
import type { Caller } from '../appointments/appointments.service.ts';
import { findOwnCustomer, isTheirs } from '../auth/ownership.ts';
import { fieldAuthor, type FieldAuthor } from '../scheduling/field-author.ts';
import {
  answerVisitChecklistItem,
  findLiveVisitChecklist,
  findServiceChecklist,
  findTakenAt,
  findVisitChecklistItem,
  findVisitChecklistItems,
  replaceServiceChecklist,
  serviceExists,
  takeVisitChecklist,
} from './checklists.repository.ts';

/**
 * Checklists (issue 30 §3, decision 064). The admin writes one per service. A visit copies its services'
 * checklists when it starts in the field (its step "arrived", its first answer, or "completed", whichever
 * comes first) and keeps that copy: the admin's later edits never change a visit's history. Who answers:
 * the cleaner on the visit or the office (`fieldAuthor`, NOT_YOUR_VISIT otherwise). The cleaner's
 * "completed" is refused while an item is neither ticked nor noted (409 CHECKLIST_INCOMPLETE).
 */

export type ChecklistDeps = { db: Db; jobs: Jobs };

/** `GET /services/{id}/checklist` (admin). */
export async function readServiceChecklist(db: Db, serviceId: string): Promise<ServiceChecklist> {
  if (!(await serviceExists(db, serviceId))) throw notFound('Service');
  return { serviceId, items: await findServiceChecklist(db, serviceId) };
}

/** `PUT /services/{id}/checklist` (admin): the whole list in order; visits already started keep theirs. */
export async function writeServiceChecklist(
  deps: ChecklistDeps,
  serviceId: string,
  input: z.output<typeof serviceChecklistInputSchema>,
): Promise<ServiceChecklist> {
  await deps.jobs.transaction(async (tx) => {
    if (!(await serviceExists(tx.db, serviceId))) throw notFound('Service');
    await replaceServiceChecklist(tx.db, serviceId, input.items);
  });
  return readServiceChecklist(deps.db, serviceId);
}

/** The visit's checklist: its copy once taken, else its services' checklists as they are now. */
async function checklistOf(db: Db, appointmentId: string): Promise<VisitChecklist> {
  const takenAt = await findTakenAt(db, appointmentId);
  if (takenAt)
    return {
      appointmentId,
      takenAt: takenAt.toISOString(),
      items: await findVisitChecklistItems(db, appointmentId),
    };
  const live = await findLiveVisitChecklist(db, appointmentId);
  return {
    appointmentId,
    takenAt: null,
    items: live.map((item) => ({
      ...item,
      ticked: false,
      note: null,
      answeredAt: null,
      answeredByFirstName: null,
      answeredByOffice: false,
    })),
  };
}

/**
 * `GET /appointments/{id}/checklist`: the office and the cleaner on the visit see it all along; the
 * visit's customer sees what was done once the visit is completed (no items before).
 */
export async function readVisitChecklist(
  db: Db,
  caller: Caller,
  appointmentId: string,
): Promise<VisitChecklist> {
  const visit = await findAppointment(db, appointmentId);
  if (!visit) throw notFound('Appointment');
  if (caller.permissions.has('admin') || caller.permissions.has('employee')) {
    await fieldAuthor(db, caller, appointmentId);
    return checklistOf(db, appointmentId);
  }
  if (!isTheirs(await findOwnCustomer(db, caller), visit.customerId))
    throw forbidden('This visit is not yours.');
  // What was done: a completed visit's copy (one completed in the office's table without it: nothing).
  if (visit.status !== 'completed' || !(await findTakenAt(db, appointmentId)))
    return { appointmentId, takenAt: null, items: [] };
  return checklistOf(db, appointmentId);
}

/**
 * `PUT /appointments/{id}/checklist/{itemId}`: an item's answer, by the cleaner on the visit or the
 * office. The first answer takes the visit's copy. The same answer again changes nothing (its time and
 * author stay), so the phone may send it twice. A cancelled or completed visit is closed to the cleaner.
 */
export async function answerChecklistItem(
  deps: ChecklistDeps,
  caller: Caller,
  appointmentId: string,
  itemId: string,
  input: z.output<typeof checklistAnswerInputSchema>,
): Promise<VisitChecklist> {
  if (!(await findAppointment(deps.db, appointmentId))) throw notFound('Appointment');
  const author = await fieldAuthor(deps.db, caller, appointmentId);
  await deps.jobs.transaction(async (tx) => {
    const visit = await lockAppointment(tx.db, appointmentId);
    if (!visit) throw notFound('Appointment');
    if (!author.byOffice && (visit.status === 'cancelled' || visit.status === 'completed'))
      throw new AppError('APPOINTMENT_CLOSED', `This visit is ${visit.status}: its checklist is closed.`);
    await takeVisitChecklist(tx.db, appointmentId);
    const item = await findVisitChecklistItem(tx.db, appointmentId, itemId);
    if (!item) throw notFound('Checklist item');
    const note = input.ticked || !input.note ? null : input.note;
    if (item.ticked === input.ticked && item.note === note) return;
    await answerVisitChecklistItem(tx.db, appointmentId, itemId, {
      ticked: input.ticked,
      note,
      answeredAt: new Date(),
      answeredByUserId: caller.userId,
      answeredByFirstName: author.byFirstName,
      answeredByOffice: author.byOffice,
    });
  });
  return checklistOf(deps.db, appointmentId);
}

/**
 * Called by a visit's step in its transaction (the visit locked): "arrived" and "completed" take the
 * visit's copy; the cleaner's "completed" is refused while an item is neither ticked nor noted, naming
 * the items (the office completes without).
 */
export async function checklistAtStep(
  db: Db,
  appointmentId: string,
  step: VisitStep,
  author: FieldAuthor,
): Promise<void> {
  if (step !== 'arrived' && step !== 'completed') return;
  await takeVisitChecklist(db, appointmentId);
  if (step !== 'completed' || author.byOffice) return;
  const missing = unansweredItems(await findVisitChecklistItems(db, appointmentId));
  if (missing.length > 0)
    throw new AppError(
      'CHECKLIST_INCOMPLETE',
      `Tick or note every checklist item first: ${missing.map((item) => item.textEn).join('; ')}.`,
      missing.map((item) => ({ path: `checklist.${item.itemId}`, message: item.textEn })),
    );
}
