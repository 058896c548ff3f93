import type { z } from 'zod';
import {
  defaultEtaMinutes,
  isBeforeVisitDay,
  isForwardStep,
  toLocal,
  type visitStepInputSchema,
  type VisitSteps,
} from '@eclat/shared';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Transaction } from '../../plugins/jobs.ts';
import {
  findAppointment,
  findVisitMailFacts,
  lockAppointment,
} from '../appointments/appointments.repository.ts';
import {
  completeVisitInTransaction,
  statusChangeCommitted,
  type Caller,
  type VisitDeps,
} from '../appointments/appointments.service.ts';
import { checklistAtStep } from '../checklists/checklists.service.ts';
import { findCustomerById } from '../customers/customers.repository.ts';
import { fieldAuthor } from '../scheduling/field-author.ts';
import { findStepByKey, findVisitSteps, insertStep, wasOnTheWay } from './visit-steps.repository.ts';

/**
 * A visit's steps in the field (issue 30, decision 062). Who: the cleaner on the visit, or the office (an
 * admin). What: only forwards (`isForwardStep`), the office's correction aside (a note required by the
 * schema). When: from the visit's business day, the office's forward steps too (STEP_TOO_EARLY, decision
 * 063); the office's correction at all times. A key made on the phone records a step once. "Completed" goes through the appointments
 * service's `completeVisitInTransaction` and `statusChangeCommitted`, the admin's own path: the feedback
 * request, the notices and, with PAYMENTS=stripe, the charge. "Could not get in" and "cancelled at the
 * door" leave the status to the office (the lockout or late fee is its call, decision 057).
 */

export type StepDeps = Pick<VisitDeps, 'db' | 'jobs' | 'employeeLocale' | 'publicUrl' | 'payments'> & {
  /** The travel buffer: the minutes told with "on my way" when the cleaner gives none. */
  bufferMinutes: number;
  /** The business time zone: a visit's steps start on its day there (decision 063). */
  timeZone: string;
};

type StepInput = z.output<typeof visitStepInputSchema>;

const localeOf = (value: string | undefined) => (value === 'fr' ? 'fr' : 'en');

/** Who records the step: the office, or the employee on the visit (NOT_YOUR_VISIT otherwise). */
async function stepAuthor(deps: StepDeps, caller: Caller, appointmentId: string, correction: boolean) {
  if (correction && !caller.permissions.has('admin'))
    throw forbidden('Only the office corrects a visit’s steps.');
  return fieldAuthor(deps.db, caller, appointmentId);
}

/** "On my way": the customer is told once per visit, in the visit's language, with the minutes given. */
async function queueOnTheWay(
  tx: Transaction,
  appointmentId: string,
  cleanerFirstName: string | null,
  etaMinutes: number,
): Promise<void> {
  const visit = await findAppointment(tx.db, appointmentId);
  const customer = visit && (await findCustomerById(tx.db, visit.customerId));
  if (!visit || !customer) return;
  const facts = (await findVisitMailFacts(tx.db, [appointmentId])).get(appointmentId);
  await tx.enqueue('email', {
    to: customer.email,
    locale: localeOf(facts?.locale),
    message: {
      template: 'on-the-way',
      data: {
        appointmentId,
        customerFirstName: visit.customerFirstName,
        cleanerFirstName,
        etaMinutes,
        startsAt: visit.appointmentDate,
      },
    },
  });
}

/** A visit's steps and where it is now. */
async function stepsOf(deps: Pick<StepDeps, 'db'>, appointmentId: string): Promise<VisitSteps> {
  const visit = await findAppointment(deps.db, appointmentId);
  if (!visit) throw notFound('Appointment');
  return { appointmentId, current: visit.step, steps: await findVisitSteps(deps.db, appointmentId) };
}

/** `GET /appointments/{id}/steps`: the cleaner on the visit or the office. */
export async function readVisitSteps(
  deps: StepDeps,
  caller: Caller,
  appointmentId: string,
): Promise<VisitSteps> {
  if (!(await findAppointment(deps.db, appointmentId))) throw notFound('Appointment');
  await stepAuthor(deps, caller, appointmentId, false);
  return stepsOf(deps, appointmentId);
}

/**
 * `POST /appointments/{id}/steps`: records the visit's next step (or the office's correction) and answers
 * the visit's steps. The same key again answers them without recording anything (another step under it:
 * 409 IDEMPOTENCY_KEY_REUSED).
 */
export async function recordVisitStep(
  deps: StepDeps,
  caller: Caller,
  appointmentId: string,
  input: StepInput,
): Promise<VisitSteps> {
  if (!(await findAppointment(deps.db, appointmentId))) throw notFound('Appointment');
  const author = await stepAuthor(deps, caller, appointmentId, input.correction === true);
  const completed = await deps.jobs.transaction(async (tx) => {
    const current = await lockAppointment(tx.db, appointmentId);
    if (!current) throw notFound('Appointment');
    // Under the lock: of two requests with one key, the second sees the first's row.
    const earlier = await findStepByKey(tx.db, appointmentId, input.key);
    if (earlier) {
      if (earlier.step !== input.step)
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This key already recorded another step.');
      return null;
    }
    // Cancelled, or completed by the office in its table: no more steps but the office's correction.
    if (current.status === 'cancelled' || (current.status === 'completed' && !input.correction))
      throw new AppError('APPOINTMENT_CLOSED', `This visit is ${current.status}: it has no more steps.`);
    // Not before the visit's day, the office included: "Done" on tomorrow's visit would capture the card.
    if (!input.correction && isBeforeVisitDay(current.appointmentDate, new Date(), deps.timeZone)) {
      const day = toLocal(current.appointmentDate, deps.timeZone).date;
      throw new AppError('STEP_TOO_EARLY', `This visit is on ${day}: its steps start that day.`, [
        { path: 'body.step', message: 'visitSteps.errors.tooEarly' },
      ]);
    }
    if (!input.correction && !isForwardStep(current.step, input.step)) {
      throw new AppError('STEP_BACKWARDS', `The visit is already at "${current.step}".`, [
        { path: 'body.step', message: 'visitSteps.errors.backwards' },
      ]);
    }
    // The checklist is copied at "arrived"; the cleaner's "completed" needs every item answered (064).
    await checklistAtStep(tx.db, appointmentId, input.step, author);
    const etaMinutes =
      input.step === 'onTheWay' ? (input.etaMinutes ?? defaultEtaMinutes(deps.bufferMinutes)) : null;
    const toldBefore = input.step === 'onTheWay' && (await wasOnTheWay(tx.db, appointmentId));
    await insertStep(tx.db, {
      appointmentId,
      step: input.step,
      at: new Date(),
      byUserId: caller.userId,
      byFirstName: author.byFirstName,
      byOffice: author.byOffice,
      correction: input.correction ?? false,
      note: input.note ?? null,
      etaMinutes,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      accuracy: input.accuracy ?? null,
      idempotencyKey: input.key,
    });
    if (etaMinutes !== null && !toldBefore)
      await queueOnTheWay(tx, appointmentId, author.byFirstName, etaMinutes);
    if (input.step !== 'completed') return null;
    return (await completeVisitInTransaction(tx, appointmentId, current, deps)) ? current.status : null;
  });
  if (completed) await statusChangeCommitted(deps, appointmentId, completed, 'completed');
  return stepsOf(deps, appointmentId);
}
