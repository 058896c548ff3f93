import { inArray } from 'drizzle-orm';
import { addressLine, isActiveStatus, type AppointmentStatus, type Locale } from '@eclat/shared';
import { employees } from '../../db/schema/index.ts';
import type { Transaction } from '../../plugins/jobs.ts';
import type { VisitNoticeAudience, VisitNoticeData } from '../../mail/templates/visit-notice.ts';
import { findCustomerById } from '../customers/customers.repository.ts';
import { unsubscribeUrl } from '../customers/unsubscribe-link.ts';
import { claimFeedbackRequest, findAppointment, findVisitMailFacts } from './appointments.repository.ts';

/**
 * The change notices (issue 15, decision 023): one `visit-notice` email per recipient of a change of one
 * visit, queued in the change's own transaction (a rollback sends nothing). The customer gets it in the
 * visit's language; an employee (no language of their own) in `BUSINESS_LOCALE`.
 */
export type VisitChange =
  | { kind: 'confirmed' }
  | { kind: 'moved'; previousStartsAt: Date }
  | { kind: 'cancelled'; cancelledBy: 'business' | 'customer' }
  | { kind: 'flagged' }
  | { kind: 'assigned' }
  | { kind: 'unassigned' };

export type NoticeRecipients = {
  /** Tell the visit's customer. */
  customer: boolean;
  /** Tell these employees (each once). */
  employeeIds: readonly string[];
  /** The employees' language: `config.businessLocale`. */
  employeeLocale: Locale;
};

const localeOf = (value: string | undefined): Locale => (value === 'fr' ? 'fr' : 'en');

/**
 * Queues the notices of one change of a visit, read as the transaction sees it now (after the change).
 * Nothing for a visit that has started or is over (`now`, the current time unless given), nor for a
 * visit that does not exist. Returns how many emails were queued.
 */
export async function queueVisitNotices(
  tx: Transaction,
  appointmentId: string,
  change: VisitChange,
  recipients: NoticeRecipients,
  now: Date = new Date(),
): Promise<number> {
  if (!recipients.customer && recipients.employeeIds.length === 0) return 0;
  const visit = await findAppointment(tx.db, appointmentId);
  if (!visit || Date.parse(visit.appointmentDate) <= now.getTime()) return 0;
  const facts = (await findVisitMailFacts(tx.db, [appointmentId])).get(appointmentId);
  const about = {
    kind: change.kind,
    seriesId: visit.seriesId,
    appointmentId,
    customerFirstName: visit.customerFirstName,
    customerLastName: visit.customerLastName,
    startsAt: visit.appointmentDate,
    endsAt: visit.endsAt,
    previousStartsAt: change.kind === 'moved' ? change.previousStartsAt.toISOString() : null,
    cancelledBy: change.kind === 'cancelled' ? change.cancelledBy : null,
    services: visit.serviceDetails.map((line) => ({ title: line.title, price: line.price })),
    totalPrice: visit.totalPrice,
    address: addressLine(visit),
    revision: facts?.revision ?? 0,
    status: visit.status,
  } satisfies Omit<VisitNoticeData, 'audience' | 'recipientFirstName'>;
  const notice = (audience: VisitNoticeAudience, recipientFirstName: string) => ({
    template: 'visit-notice' as const,
    data: { ...about, audience, recipientFirstName },
  });

  let queued = 0;
  if (recipients.customer) {
    const customer = await findCustomerById(tx.db, visit.customerId);
    if (customer) {
      await tx.enqueue('email', {
        to: customer.email,
        locale: localeOf(facts?.locale),
        message: notice('customer', visit.customerFirstName),
      });
      queued += 1;
    }
  }
  const ids = [...new Set(recipients.employeeIds)].sort();
  if (ids.length > 0) {
    const people = await tx.db
      .select({ id: employees.id, firstName: employees.firstName, email: employees.email })
      .from(employees)
      .where(inArray(employees.id, ids))
      .orderBy(employees.id);
    for (const person of people) {
      await tx.enqueue('email', {
        to: person.email,
        locale: recipients.employeeLocale,
        message: notice('employee', person.firstName),
      });
      queued += 1;
    }
  }
  return queued;
}

/** A visit as its notices compare it, before and after a change: status, time and who is on it. */
export type VisitState = {
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
  employeeIds: readonly string[];
};

/** One notice a change sends: what happened and whom it tells. */
export type VisitNotice = { change: VisitChange } & Omit<NoticeRecipients, 'employeeLocale'>;

/**
 * Which notices a change of one visit sends (decision 023), decided here only. The strongest change
 * speaks for the customer: a cancellation, else a move, else a confirmation.
 * - cancelled (an admin's edit or delete, a customer's cancel) while it was active: the customer and the
 *   employees on it, `by` saying who cancelled;
 * - moved to a new start, active before and after: the customer and the employees still on it; one taken
 *   off by the move hears "unassigned", one put on it "assigned";
 * - pending to confirmed: the customer;
 * - nothing else about the visit changed but who is on it, by the office (an admin's assignment), while
 *   it is active: "assigned" and "unassigned" to those who join and leave.
 * A visit that was not active (cancelled or completed) and is active again is not "moved" or
 * "confirmed": nothing goes out for it. A customer's change at the same start sends nothing, even when
 * a new length changed its cleaners (as before the visit writes moved to one service; decision 042).
 */
export function noticesFor(
  before: VisitState,
  after: VisitState,
  by: 'customer' | 'business',
): VisitNotice[] {
  const wasActive = isActiveStatus(before.status);
  const isActive = isActiveStatus(after.status);
  if (after.status === 'cancelled') {
    return wasActive
      ? [
          {
            change: { kind: 'cancelled', cancelledBy: by },
            customer: true,
            employeeIds: before.employeeIds,
          },
        ]
      : [];
  }
  if (!wasActive || !isActive) return [];
  const team = teamChange(before.employeeIds, after.employeeIds);
  const teamNotices: VisitNotice[] = [
    { change: { kind: 'assigned' }, customer: false, employeeIds: team.added },
    { change: { kind: 'unassigned' }, customer: false, employeeIds: team.removed },
  ];
  if (after.startsAt.getTime() !== before.startsAt.getTime()) {
    const moved: VisitNotice = {
      change: { kind: 'moved', previousStartsAt: before.startsAt },
      customer: true,
      employeeIds: team.kept,
    };
    return [moved, ...teamNotices].filter(isHeard);
  }
  if (before.status === 'pending' && after.status === 'confirmed') {
    return [{ change: { kind: 'confirmed' }, customer: true, employeeIds: [] }];
  }
  const isSameVisit = after.endsAt.getTime() === before.endsAt.getTime() && after.status === before.status;
  return by === 'business' && isSameVisit ? teamNotices.filter(isHeard) : [];
}

/** A notice somebody gets. */
const isHeard = (notice: VisitNotice) => notice.customer || notice.employeeIds.length > 0;

/** Queues the notices `noticesFor` decided, in its order, in the change's transaction. */
export async function queueNotices(
  tx: Transaction,
  appointmentId: string,
  notices: readonly VisitNotice[],
  employeeLocale: Locale,
): Promise<void> {
  for (const { change, ...recipients } of notices) {
    await queueVisitNotices(tx, appointmentId, change, { ...recipients, employeeLocale });
  }
}

/** The sets of employees before and after a change of a visit's team: who stays, who joins, who leaves. */
export function teamChange(before: readonly string[], after: readonly string[]) {
  const was = new Set(before);
  const now = new Set(after);
  return {
    kept: [...now].filter((id) => was.has(id)),
    added: [...now].filter((id) => !was.has(id)),
    removed: [...was].filter((id) => !now.has(id)),
  };
}

/**
 * After the visit (issue 15, deliverable 6): the first time a visit is completed, its customer is asked
 * for feedback, in the visit's language, in the caller's transaction. Once per visit (the row records
 * it). Returns whether it was queued.
 */
export async function queueFeedbackRequest(
  tx: Transaction,
  appointmentId: string,
  options: { publicUrl: string; now?: Date; tipByCard?: boolean },
): Promise<boolean> {
  if (!(await claimFeedbackRequest(tx.db, appointmentId, options.now ?? new Date()))) return false;
  const visit = await findAppointment(tx.db, appointmentId);
  const customer = visit && (await findCustomerById(tx.db, visit.customerId));
  // An optional email: not for a customer who turned them off, and with its one-click unsubscribe.
  if (!visit || !customer?.optionalEmails) return false;
  const facts = (await findVisitMailFacts(tx.db, [appointmentId])).get(appointmentId);
  await tx.enqueue('email', {
    to: customer.email,
    locale: localeOf(facts?.locale),
    unsubscribeUrl: unsubscribeUrl(options.publicUrl, customer.emailToken),
    message: {
      template: 'feedback-request',
      data: {
        appointmentId,
        customerFirstName: visit.customerFirstName,
        startsAt: visit.appointmentDate,
        ...(options.tipByCard && { tipByCard: true }),
      },
    },
  });
  return true;
}
