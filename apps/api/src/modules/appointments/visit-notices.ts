import { inArray } from 'drizzle-orm';
import { addressLine, type Locale } from '@eclat/shared';
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
  options: { publicUrl: string; now?: Date },
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
      },
    },
  });
  return true;
}
