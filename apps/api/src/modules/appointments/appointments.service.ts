import type { z } from 'zod';
import {
  isActiveStatus,
  MAX_TOTAL_PAGES,
  placeOfBreakdown,
  profilePlace,
  type adminAppointmentInputSchema,
  type Appointment,
  type AppointmentsPage,
  type bookAppointmentInputSchema,
  type Home,
  type ListedAppointment,
  type Locale,
  type SlotDays,
  type Slots,
  type updateOwnAppointmentInputSchema,
  type VisitAddress,
} from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Jobs, Transaction } from '../../plugins/jobs.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { findOwnCustomer, findOwnEmployee, isTheirs } from '../auth/ownership.ts';
import { findCustomerById } from '../customers/customers.repository.ts';
import { holdDueVisitsNow } from '../payments/card-booking.ts';
import { afterStatusChange } from '../payments/card.service.ts';
import {
  chargeLateFeeToCard,
  recordLateCancellationFee,
  takeDeposit,
  type LateFee,
} from '../payments/card-charges.ts';
import { afterVisitMoved, forgetSettledAttempts, releaseBeforeDelete } from '../payments/card-retries.ts';
import { withPaymentSummaries, type PaymentsDeps } from '../payments/payments.service.ts';
import { ensureStaffFree } from '../scheduling/staff.service.ts';
import {
  assignedEmployeeIds,
  removeAssignments,
  replaceAssignments,
} from '../scheduling/staff.repository.ts';
import { channelsFor, queueVisitText } from '../texts/texts.service.ts';
import { appointmentEmailDataOf } from './appointment-email.ts';
import { withCommentsFor, type CommentsReader } from './staff-comments.ts';
import {
  bumpRevision,
  deleteAppointment,
  findAppointment,
  findAppointmentByKey,
  findAppointmentsPage,
  findCustomerAppointments,
  insertAppointment,
  lockAppointment,
  replaceAppointment,
  setAppointmentStatus,
  type AppointmentsWhere,
  type NewAppointment,
} from './appointments.repository.ts';
import {
  cancelOwnVisit,
  checkServiceArea,
  checkStart,
  choiceOf,
  computeSlotDays,
  computeSlots,
  customerToBookFor,
  lockOpenVisit,
  placeOfRequest,
  placeOfVisit,
  planVisit,
  refuseInsideCutoff,
  reserveVisit,
  resolveServices,
  statusAfterCustomerChange,
  storedPlace,
  timeChange,
  type BookingRules,
} from './booking.service.ts';
import { noticesFor, queueFeedbackRequest, queueNotices, type VisitState } from './visit-notices.ts';

/**
 * The visit writes (decisions 007, 012, 023; decision 042 for this file): a booking (a customer's, an
 * admin's, a quote's), a customer's change and cancel, an admin's edit and delete. Each write is one
 * exported function taking the transaction it runs in (`…InTransaction`: locks, rules, rows, notices);
 * the entry the routes call reads what it needs first, opens the transaction and answers the visit as it
 * is after the commit. The routes only parse, call and answer.
 */

export type VisitDeps = {
  db: Db;
  jobs: Jobs;
  rules: BookingRules;
  /** The employees' language for notices (`BUSINESS_LOCALE`). */
  employeeLocale: Locale;
  /** For the feedback request's unsubscribe link. */
  publicUrl: string;
  /** The lists' payment column (issue 29): the mode, and what the money of a visit is read with. */
  payments: Pick<PaymentsDeps, 'provider' | 'business' | 'card'>;
};

/** Who is asking, as the visit writes need it. */
export type Caller = Pick<AuthContext, 'userId' | 'email' | 'emailVerified' | 'permissions'>;

type BookInput = z.output<typeof bookAppointmentInputSchema>;
type AdminInput = z.output<typeof adminAppointmentInputSchema>;
type OwnChangeInput = z.output<typeof updateOwnAppointmentInputSchema>;
type ServiceLines = Parameters<typeof insertAppointment>[2];

/** Nothing kept: what the services need and the request does not say is the smallest home. */
const EMPTY_CHOICE = { home: {}, extraIds: [] };

/** The home and extras a visit was priced on (nothing for a visit booked before instant prices). */
const keptChoice = (visit: Appointment) => visit.priceBreakdown ?? EMPTY_CHOICE;

const isAdmin = (caller: Caller) => caller.permissions.has('admin');
const isStaff = (caller: Caller) => isAdmin(caller) || caller.permissions.has('employee');

/** A visit `planVisit` checked and priced: its time and its services' lines, price and breakdown. */
type PlannedVisit = Awaited<ReturnType<typeof planVisit>>;

/** The columns of a visit planned for a customer: whose, when, where, at what price. */
function rowOf(
  customer: { id: string; firstName: string; lastName: string },
  plan: Pick<PlannedVisit, 'start' | 'end' | 'services'>,
  where: VisitAddress,
) {
  return {
    customerId: customer.id,
    customerFirstName: customer.firstName,
    customerLastName: customer.lastName,
    appointmentDate: plan.start,
    endsAt: plan.end,
    ...storedPlace(where),
    totalPrice: plan.services.totalPrice,
    priceBreakdown: plan.services.breakdown,
  };
}

/** The visit as it is now (after a write's commit). */
async function readVisit(db: Db, appointmentId: string): Promise<Appointment> {
  const visit = await findAppointment(db, appointmentId);
  if (!visit) throw notFound('Appointment');
  return visit;
}

/** The visit, and whether it belongs to the caller's own customer record ("is it theirs"). */
async function ownVisit(db: Db, caller: Caller, appointmentId: string) {
  const appointment = await readVisit(db, appointmentId);
  return { appointment, isOwn: isTheirs(await findOwnCustomer(db, caller), appointment.customerId) };
}

/** What `/slots` and `/slots/days` read of the visit: its services, home and extras. */
export type SlotVisitQuery = { serviceIds: string[]; extraIds: string[] } & Home;

/**
 * The length of the visit a slot query describes (decision 025): its services priced on the home and
 * extras it gives, with the same function as the booking. Completed like a kept home (the smallest home
 * for what it does not say, the extras the services offer): the spec's clients send none, and a
 * customer changing a visit sends the one it was booked with. An hour without services. Withdrawn
 * services still have a length: a customer changing a visit that has one sees its times.
 */
async function visitMinutes(db: Db, query: SlotVisitQuery): Promise<number> {
  if (query.serviceIds.length === 0) return 60;
  const { serviceIds, extraIds, bedrooms, bathrooms, area, areaUnit } = query;
  const home: Home = {
    ...(bedrooms !== undefined && { bedrooms }),
    ...(bathrooms !== undefined && { bathrooms }),
    ...(area !== undefined && { area }),
    ...(areaUnit !== undefined && { areaUnit }),
  };
  const services = await resolveServices(
    db,
    serviceIds,
    'all',
    { home, extraIds, how: 'kept' },
    'querystring',
  );
  return services.durationMinutes;
}

/** The day's slots for the visit a query describes. */
export async function findSlots(
  deps: Pick<VisitDeps, 'db' | 'rules'>,
  query: SlotVisitQuery & { date: string },
): Promise<Slots> {
  return computeSlots(deps.db, query.date, await visitMinutes(deps.db, query), deps.rules);
}

/** The days of a stretch, each bookable or not, for the visit a query describes. */
export async function findSlotDays(
  deps: Pick<VisitDeps, 'db' | 'rules'>,
  query: SlotVisitQuery & { from: string; to: string },
): Promise<SlotDays> {
  const { from, to } = query;
  return computeSlotDays(deps.db, { from, to }, await visitMinutes(deps.db, query), deps.rules);
}

/** The caller's own visits, newest first, one more than `limit` (the keyset page's "next"). */
export async function findMyVisits(
  { db, payments }: Pick<VisitDeps, 'db' | 'payments'>,
  caller: Caller,
  page: { limit: number; before?: string | undefined },
): Promise<ListedAppointment[]> {
  const customer = await findOwnCustomer(db, caller);
  if (!customer) return [];
  const visits = await findCustomerAppointments(db, customer.id, {
    limit: page.limit + 1,
    before: page.before,
  });
  return withPaymentSummaries({ db, ...payments }, visits);
}

/**
 * A page of all visits for the staff's table (spec §9: 99 pages at most, one row more says "more"). Only
 * an admin gets each visit's payment state (issue 29): an employee is shown nothing of a customer's
 * money, as `GET /appointments/:id/payments` refuses them (decision 050).
 */
export async function findVisitsPage(
  { db, payments }: Pick<VisitDeps, 'db' | 'payments'>,
  caller: Caller,
  where: AppointmentsWhere,
  page: { page: number; size: number },
): Promise<AppointmentsPage> {
  const { size } = page;
  const countUpTo = MAX_TOTAL_PAGES * size + 1;
  const { content, totalElements } = await findAppointmentsPage(db, where, {
    index: page.page,
    size,
    countUpTo,
  });
  return {
    content: caller.permissions.has('admin')
      ? await withPaymentSummaries({ db, ...payments }, content)
      : await withCommentsFor(
          db,
          await commentsReaderOf(db, caller),
          content.map((visit) => ({ ...visit, payment: null })),
        ),
    page: page.page,
    size,
    totalElements,
    totalPages: Math.min(MAX_TOTAL_PAGES, Math.ceil(totalElements / size)),
  };
}

/**
 * Whose comments a staff caller reads (decision 065): the office all, an employee those of their own
 * visits (their record by the ownership rule).
 */
export async function commentsReaderOf(db: Db, caller: Caller): Promise<CommentsReader> {
  if (isAdmin(caller)) return { office: true };
  return { office: false, employeeId: (await findOwnEmployee(db, caller))?.id ?? null };
}

/**
 * One visit: every visit for an admin or an employee (an employee reads the comments of their own visits
 * only), only their own for a customer (403 for others).
 */
export async function findVisitFor(
  { db }: Pick<VisitDeps, 'db'>,
  caller: Caller,
  appointmentId: string,
): Promise<Appointment> {
  if (isStaff(caller)) {
    const [visit] = await withCommentsFor(db, await commentsReaderOf(db, caller), [
      await readVisit(db, appointmentId),
    ]);
    if (!visit) throw notFound('Appointment');
    return visit;
  }
  const { appointment, isOwn } = await ownVisit(db, caller, appointmentId);
  if (!isOwn) throw forbidden('You can only see your own appointments.');
  return appointment;
}

/** A visit about to be written: its row and its service lines, and who books it. */
export type NewVisit = {
  values: NewAppointment & { customerId: string; appointmentDate: Date; endsAt: Date };
  lines: ServiceLines;
  by: 'customer' | 'admin';
};

/**
 * Writes a new visit in the caller's transaction, the one way every booking does it (a customer's, an
 * admin's, a quote's): a visit whose status holds its hours (pending, confirmed) is placed first
 * (`reserveVisit`: locks, every booking rule, the cleaner it gets), then its row and lines, then the
 * cleaner on it (no "assigned" email: decision 023, the visit is pending until the office confirms it).
 * Returns its id.
 */
export async function bookVisitInTransaction(
  tx: Transaction,
  visit: NewVisit,
  rules: BookingRules,
): Promise<string> {
  const { values, by } = visit;
  const cleaners = isActiveStatus(values.status ?? 'pending')
    ? await reserveVisit(
        tx.db,
        { customerId: values.customerId, start: values.appointmentDate, end: values.endsAt, by },
        rules,
      )
    : undefined;
  const appointmentId = await insertAppointment(tx.db, values, visit.lines);
  if (cleaners?.length) await replaceAssignments(tx.db, appointmentId, cleaners, null);
  return appointmentId;
}

/** Queues the booking confirmation of a visit just written, in its transaction; returns the visit. */
export async function queueBookingConfirmation(
  tx: Transaction,
  appointmentId: string,
  to: { email: string; locale: Locale },
): Promise<Appointment> {
  const created = await findAppointment(tx.db, appointmentId);
  if (!created) throw new Error('The appointment was not saved.');
  // By email, by text, or both, as the customer chose (decision 067).
  const channels = await channelsFor(tx.db, created.customerId, 'booking-confirmation');
  if (channels.email) {
    await tx.enqueue('email', {
      to: to.email,
      locale: to.locale,
      message: { template: 'booking-confirmation', data: appointmentEmailDataOf(created) },
    });
  }
  if (channels.textTo) {
    await queueVisitText(tx, {
      kind: 'booking-confirmation',
      to: channels.textTo,
      locale: to.locale,
      customerId: created.customerId,
      appointmentId,
      startsAt: created.appointmentDate,
    });
  }
  return created;
}

/**
 * A booking for a customer (their own; an admin's for anyone), with its idempotency key: the visit the
 * key booked before is answered again (`isNew: false`), also when the same key raced this request.
 */
export async function bookForCustomer(
  deps: VisitDeps,
  caller: Caller,
  request: { customerId: string; key: string | undefined; body: BookInput; locale: Locale },
): Promise<{ visit: Appointment; isNew: boolean; customerId: string }> {
  const { key, body, locale } = request;
  const customer = await customerToBookFor(
    deps.db,
    caller,
    request.customerId,
    body,
    Boolean(deps.payments.card),
  );
  const earlier = async () => (key ? await findAppointmentByKey(deps.db, customer.id, key) : undefined);
  const before = await earlier();
  if (before) {
    // A deposit whose charge a crash cut short is charged now, with its first key (decision 057).
    await takeDeposit({ ...deps.payments, db: deps.db, jobs: deps.jobs }, before.appointmentId);
    return { visit: before, isNew: false, customerId: customer.id };
  }
  const by = isAdmin(caller) ? 'admin' : 'customer';
  const { start, end, services } = await planVisit(deps.db, body, {
    rules: deps.rules,
    by,
    withdrawnAllowed: 'none',
    // A customer says what the services need; an admin who says nothing books the smallest home.
    // Priced where it happens: the address sent, else the profile's (decisions 026 and 035).
    choice: { ...choiceOf(body, by === 'admin' ? EMPTY_CHOICE : undefined), place: customer.serviceArea },
  });
  let appointmentId: string;
  try {
    appointmentId = await deps.jobs.transaction(async (tx) => {
      const id = await bookVisitInTransaction(
        tx,
        {
          by,
          values: {
            ...rowOf(customer, { start, end, services }, customer.where),
            status: 'pending',
            comments: body.comments ?? null,
            locale,
            idempotencyKey: key ?? null,
            createdByUserId: caller.userId,
          },
          lines: services.lines,
        },
        deps.rules,
      );
      await queueBookingConfirmation(tx, id, { email: customer.email, locale });
      return id;
    });
  } catch (error) {
    // The same key retried while the first request was still running: answer with the first result.
    // The loser waited on the customer's lock and met the winner's row (VISITS_OVERLAP), or raced it
    // to the unique index; either way the winner's appointment is there now.
    const winner = await earlier();
    if (winner) return { visit: winner, isNew: false, customerId: customer.id };
    throw error;
  }
  // PAYMENTS=stripe: the deposit its services ask for, from the card on file (decision 057).
  await takeDeposit({ ...deps.payments, db: deps.db, jobs: deps.jobs }, appointmentId);
  // PAYMENTS=stripe: a visit booked inside the hold window is held now (decision 056).
  await holdDueVisitsNow({ ...deps.payments, db: deps.db, jobs: deps.jobs }, customer.id);
  return { visit: await readVisit(deps.db, appointmentId), isNew: true, customerId: customer.id };
}

/** The customer an admin's form names (400 on `body.customerId` when there is none). */
async function formCustomer(db: Db, customerId: string) {
  const customer = await findCustomerById(db, customerId);
  if (!customer) {
    throw new AppError('VALIDATION_ERROR', 'No such customer.', [
      { path: 'body.customerId', message: 'appointments.errors.customer' },
    ]);
  }
  return customer;
}

/** An admin adds a visit for any customer, in any status; capacity enforced when it holds its hours. */
export async function addVisit(
  deps: VisitDeps,
  caller: Caller,
  body: AdminInput,
  locale: Locale,
): Promise<Appointment> {
  const customer = await formCustomer(deps.db, body.customerId);
  // Anywhere, with the surcharge of the address sent, else the profile's (decisions 026 and 035).
  const where = placeOfRequest(body, profilePlace(customer));
  const { start, end, services } = await planVisit(deps.db, body, {
    rules: deps.rules,
    by: 'admin',
    withdrawnAllowed: 'all',
    choice: {
      ...choiceOf(body, EMPTY_CHOICE),
      place: await checkServiceArea(deps.db, where.postalCode, 'admin'),
    },
  });
  const appointmentId = await deps.jobs.transaction((tx) =>
    bookVisitInTransaction(
      tx,
      {
        by: 'admin',
        values: {
          ...rowOf(customer, { start, end, services }, where),
          status: body.status,
          comments: body.comments ?? null,
          locale,
          createdByUserId: caller.userId,
        },
        lines: services.lines,
      },
      deps.rules,
    ),
  );
  return readVisit(deps.db, appointmentId);
}

/** The visit as its notices compare it (`noticesFor`). */
const stateOf = (
  visit: { status: VisitState['status']; appointmentDate: Date; endsAt: Date },
  employeeIds: readonly string[],
): VisitState => ({
  status: visit.status,
  startsAt: visit.appointmentDate,
  endsAt: visit.endsAt,
  employeeIds,
});

/** A customer's change of their visit, planned before the lock (`changeOwnVisit`). */
export type OwnChange = {
  appointmentId: string;
  customerId: string;
  start: Date;
  end: Date;
  isNewServices: boolean;
  comments: string | null;
  services: PlannedVisit['services'];
};

/**
 * A customer's change of time, services or comments, in its transaction, against the locked row (a move
 * by the company a moment ago counts): closed visits refuse; comments change until the start, the rest
 * stops at the cut-off (decision 027); a new time is checked again and placed (`reserveVisit`: with a
 * team, the cleaners still free stay, else one is picked; without one, those now busy step off and the
 * company plans someone else); a confirmed visit whose time or services change is pending again; the
 * notices `noticesFor` decides go out.
 */
export async function changeOwnVisitInTransaction(
  tx: Transaction,
  change: OwnChange,
  deps: Pick<VisitDeps, 'rules' | 'employeeLocale'>,
): Promise<void> {
  const { appointmentId, start, end, isNewServices } = change;
  const { rules } = deps;
  const current = await lockOpenVisit(tx.db, appointmentId, change.customerId, rules);
  if (current.status === 'cancelled')
    throw new AppError('CONFLICT', 'This appointment can no longer be changed.');
  // The time kept was the one read before the lock: if the company moved it since, it is new.
  const { isNewStart, holdsSpan } = timeChange(current, { start, end });
  if (isNewStart || isNewServices) refuseInsideCutoff(current, rules);
  if (isNewStart) checkStart(start, rules, 'customer');
  const assigned = await assignedEmployeeIds(tx.db, appointmentId);
  const cleaners = await reserveVisit(
    tx.db,
    {
      customerId: change.customerId,
      start,
      end,
      exceptAppointmentId: appointmentId,
      keptEmployeeIds: assigned,
      holdsPlace: holdsSpan,
      by: 'customer',
    },
    rules,
  );
  if (cleaners) {
    await replaceAssignments(tx.db, appointmentId, cleaners, null);
  } else {
    // The customer cannot see or choose the team: who is busy at the new time steps off it.
    const busy = await ensureStaffFree(
      tx.db,
      assigned,
      { start, end, exceptAppointmentId: appointmentId },
      rules,
    );
    await removeAssignments(tx.db, appointmentId, [...busy]);
  }
  const status = statusAfterCustomerChange(current.status, { isNewTime: isNewStart, isNewServices });
  await replaceAppointment(
    tx.db,
    appointmentId,
    {
      appointmentDate: start,
      endsAt: end,
      status,
      comments: change.comments,
      totalPrice: change.services.totalPrice,
      priceBreakdown: change.services.breakdown,
      // Placed at a time someone could take it: it no longer needs one.
      needsTime: current.needsTime && holdsSpan,
    },
    change.services.lines,
  );
  const after = await assignedEmployeeIds(tx.db, appointmentId);
  const notices = noticesFor(
    stateOf(current, assigned),
    stateOf({ status, appointmentDate: start, endsAt: end }, after),
    'customer',
  );
  await queueNotices(tx, appointmentId, notices, deps.employeeLocale);
}

/**
 * A customer's change of their own visit (`PUT /appointments/customer/:id`): a status of cancelled
 * cancels it; the company alone confirms or completes; anything else is a change of time, services or
 * comments (`changeOwnVisitInTransaction`). Returns the visit as it is now.
 */
export async function changeOwnVisit(
  deps: VisitDeps,
  caller: Caller,
  appointmentId: string,
  body: OwnChangeInput,
): Promise<Appointment> {
  const { appointment, isOwn } = await ownVisit(deps.db, caller, appointmentId);
  if (!isOwn) throw forbidden('You can only change your own appointments.');
  const wanted = body.status ?? appointment.status;
  if ((wanted === 'confirmed' || wanted === 'completed') && wanted !== appointment.status)
    throw forbidden('Only the company confirms or completes an appointment.');
  if (wanted === 'cancelled') return cancelOwn(deps, appointment, caller.userId);
  // Services already on the appointment may stay even if withdrawn since; no other may be added.
  const bookedIds = appointment.serviceDetails.flatMap((line) => (line.serviceId ? [line.serviceId] : []));
  const wantedIds = [...new Set(body.serviceIds)].sort();
  const isNewServices =
    wantedIds.length !== bookedIds.length || wantedIds.join() !== [...bookedIds].sort().join();
  // Inside the cut-off a move or a change of services is refused first, whatever the new plan would say
  // (a visit an hour long ending after closing time is still "call us"); checked again under the lock.
  const startsAt = new Date(appointment.appointmentDate);
  if (isNewServices || Date.parse(body.appointmentDate) !== startsAt.getTime())
    refuseInsideCutoff({ status: appointment.status, appointmentDate: startsAt }, deps.rules);
  // A kept time is not judged again (notice, slot): comments change until the visit starts.
  const { start, end, services } = await planVisit(deps.db, body, {
    rules: deps.rules,
    by: 'customer',
    withdrawnAllowed: bookedIds,
    kept: appointment,
    // Home and extras not said again: the visit's own. A series visit keeps its discount (decision 020),
    // every visit the place and surcharge it was booked at (its address does not change here).
    choice: {
      ...choiceOf(body, keptChoice(appointment)),
      discountPercent: appointment.discountPercent,
      place: placeOfBreakdown(appointment.priceBreakdown),
    },
  });
  await deps.jobs.transaction((tx) =>
    changeOwnVisitInTransaction(
      tx,
      {
        appointmentId,
        customerId: appointment.customerId,
        start,
        end,
        isNewServices,
        comments: body.comments ?? null,
        services,
      },
      deps,
    ),
  );
  // PAYMENTS=stripe: moved beyond the hold's window, its hold released (decision 058).
  if (start.getTime() !== new Date(appointment.appointmentDate).getTime())
    await afterVisitMoved({ ...deps.payments, db: deps.db, jobs: deps.jobs }, appointmentId, new Date());
  return readVisit(deps.db, appointmentId);
}

/**
 * A customer's cancel in its transaction: the row is kept, status cancelled (decision 007); closed
 * visits refuse; cancelling twice changes nothing. The customer and the cleaners on it get the notice (a
 * series visit's is "skipped"; decisions 020, 023).
 */
export async function cancelOwnVisitInTransaction(
  tx: Transaction,
  visit: { appointmentId: string; customerId: string },
  userId: string,
  deps: Pick<VisitDeps, 'rules' | 'employeeLocale' | 'payments'>,
): Promise<LateFee | null> {
  // A fee inside the cut-off only where payments are on (decision 057); else the spec's "call us".
  const feeCents =
    deps.payments.provider.mode === 'off' ? null : (deps.rules.lateCancellationFeeCents ?? null);
  const cancelled = await cancelOwnVisit(tx.db, visit, userId, deps.rules, feeCents);
  if (!cancelled) return null;
  const { before } = cancelled;
  const lateFee =
    cancelled.lateFeeCents === null
      ? null
      : await recordLateCancellationFee(tx, visit.appointmentId, cancelled.lateFeeCents, userId);
  const assigned = await assignedEmployeeIds(tx.db, visit.appointmentId);
  const notices = noticesFor(
    stateOf(before, assigned),
    stateOf({ ...before, status: 'cancelled' }, assigned),
    'customer',
  );
  await queueNotices(tx, visit.appointmentId, notices, deps.employeeLocale);
  return lateFee;
}

async function cancelOwn(
  deps: VisitDeps,
  visit: { appointmentId: string; customerId: string },
  userId: string,
): Promise<Appointment> {
  const lateFee = await deps.jobs.transaction((tx) => cancelOwnVisitInTransaction(tx, visit, userId, deps));
  // PAYMENTS=stripe: its hold released (decision 053), a late-cancellation fee charged (decision 057).
  await afterStatusChange(
    { ...deps.payments, db: deps.db, jobs: deps.jobs },
    visit.appointmentId,
    'cancelled',
  );
  if (lateFee) await chargeLateFeeToCard({ ...deps.payments, db: deps.db, jobs: deps.jobs }, lateFee);
  return readVisit(deps.db, visit.appointmentId);
}

/** A customer cancels their own visit (whatever their role); 403 when it is not theirs. */
export async function cancelMyVisit(
  deps: VisitDeps,
  caller: Caller,
  appointmentId: string,
  refusal: string,
): Promise<Appointment> {
  const { appointment, isOwn } = await ownVisit(deps.db, caller, appointmentId);
  if (!isOwn) throw forbidden(refusal);
  return cancelOwn(deps, appointment, caller.userId);
}

/** An admin's edit, planned before the lock (`editVisit`). */
export type AdminEdit = {
  appointmentId: string;
  customer: { id: string; firstName: string; lastName: string };
  start: Date;
  end: Date;
  status: AdminInput['status'];
  /** The status the visit had when the edit was read (a cancellation's time is kept when it stays so). */
  readStatus: Appointment['status'];
  comments: string | null;
  where: VisitAddress;
  services: PlannedVisit['services'];
  userId: string;
};

/**
 * An admin's edit in its transaction, against the locked row: a status that holds its hours is placed
 * (`reserveVisit`, keeping the team the admin planned; an active visit at the same time and length
 * already holds its place); unless it is cancelled, everyone planned on it must still be free at its
 * time, travel buffer included (409 on `body.appointmentDate`); then the row, the notices `noticesFor`
 * decides, and the customer's feedback request the first time it is completed.
 */
export async function editVisitInTransaction(
  tx: Transaction,
  edit: AdminEdit,
  deps: Pick<VisitDeps, 'rules' | 'employeeLocale' | 'publicUrl' | 'payments'>,
): Promise<void> {
  const { appointmentId, start, end, status } = edit;
  const { rules } = deps;
  const current = await lockAppointment(tx.db, appointmentId);
  if (!current) throw notFound('Appointment');
  const assigned = await assignedEmployeeIds(tx.db, appointmentId);
  const { holdsSpan } = timeChange(current, { start, end });
  if (isActiveStatus(status)) {
    await reserveVisit(
      tx.db,
      {
        customerId: edit.customer.id,
        start,
        end,
        exceptAppointmentId: appointmentId,
        keptEmployeeIds: assigned,
        assign: 'keep',
        // Active at the same time and length: it holds its place already (or, needing a time, stays so).
        holdsPlace: isActiveStatus(current.status) && holdsSpan,
        by: 'admin',
      },
      rules,
    );
  }
  if (status !== 'cancelled') {
    const busy = await ensureStaffFree(
      tx.db,
      assigned,
      { start, end, exceptAppointmentId: appointmentId },
      rules,
    );
    if (busy.size > 0) {
      throw new AppError('CONFLICT', 'An employee planned on this appointment is busy at that time.', [
        { path: 'body.appointmentDate', message: 'assignments.errors.rescheduleOverlap' },
      ]);
    }
  }
  await replaceAppointment(
    tx.db,
    appointmentId,
    {
      // The address sent, else the one booked (given to another customer: their profile's).
      ...rowOf(edit.customer, edit, edit.where),
      status,
      comments: edit.comments,
      // Placed at a new time (or no longer active): it no longer needs a time.
      needsTime: current.needsTime && holdsSpan && isActiveStatus(status),
      ...(status === 'cancelled'
        ? edit.readStatus === 'cancelled'
          ? {}
          : { cancelledAt: new Date(), cancelledByUserId: edit.userId }
        : { cancelledAt: null, cancelledByUserId: null }),
    },
    edit.services.lines,
  );
  await statusChangedInTransaction(
    tx,
    appointmentId,
    stateOf(current, assigned),
    stateOf({ status, appointmentDate: start, endsAt: end }, assigned),
    deps,
  );
}

/**
 * What follows a change of a visit's status by the office or its cleaner, in the change's transaction
 * (an admin's edit, a cleaner's "completed" step: decision 062): the notices `noticesFor` decides and,
 * the first time it is completed, the customer's feedback request. Its pair once committed is
 * `statusChangeCommitted`.
 */
export async function statusChangedInTransaction(
  tx: Transaction,
  appointmentId: string,
  before: VisitState,
  after: VisitState,
  deps: Pick<VisitDeps, 'employeeLocale' | 'publicUrl' | 'payments'>,
): Promise<void> {
  await queueNotices(tx, appointmentId, noticesFor(before, after, 'business'), deps.employeeLocale);
  // After the visit: the customer is asked how it went, once per visit.
  if (after.status === 'completed' && before.status !== 'completed')
    await queueFeedbackRequest(tx, appointmentId, {
      publicUrl: deps.publicUrl,
      // With cards taken, the email also offers a tip (decision 057).
      tipByCard: deps.payments.provider.mode === 'stripe',
    });
}

/**
 * PAYMENTS=stripe, once a status change committed (`statusChangedInTransaction`'s pair): a completed
 * visit charged, a cancelled one's hold released.
 */
export async function statusChangeCommitted(
  deps: Pick<VisitDeps, 'db' | 'jobs' | 'payments'>,
  appointmentId: string,
  before: Appointment['status'],
  after: Appointment['status'],
): Promise<void> {
  if (after !== before)
    await afterStatusChange({ ...deps.payments, db: deps.db, jobs: deps.jobs }, appointmentId, after);
}

/**
 * A visit's cleaner (or the office) marks it done in the field (`POST /appointments/{id}/steps`, decision
 * 062), in the step's transaction against the row it locked: the status becomes completed as an admin's
 * edit makes it, with the same notices and feedback request. Returns whether the status changed (then
 * `statusChangeCommitted` follows the commit).
 */
export async function completeVisitInTransaction(
  tx: Transaction,
  appointmentId: string,
  current: { status: VisitState['status']; appointmentDate: Date; endsAt: Date },
  deps: Pick<VisitDeps, 'employeeLocale' | 'publicUrl' | 'payments'>,
): Promise<boolean> {
  if (current.status === 'completed' || current.status === 'cancelled') return false;
  const assigned = await assignedEmployeeIds(tx.db, appointmentId);
  await setAppointmentStatus(tx.db, appointmentId, 'completed');
  await statusChangedInTransaction(
    tx,
    appointmentId,
    stateOf(current, assigned),
    stateOf({ ...current, status: 'completed' }, assigned),
    deps,
  );
  return true;
}

/**
 * An admin changes any visit, all four statuses (`PUT /appointments/:id`). The place stays unless an
 * address is sent or the visit goes to another customer (their profile's then); the same postal code
 * keeps the surcharge it was priced at (an edit adds no surcharge the visit was not booked with). An
 * admin may keep a past time when changing the status of a visit that already happened.
 */
export async function editVisit(
  deps: VisitDeps,
  caller: Caller,
  appointmentId: string,
  body: AdminInput,
): Promise<Appointment> {
  const existing = await readVisit(deps.db, appointmentId);
  const customer = await formCustomer(deps.db, body.customerId);
  const isSameCustomer = customer.id === existing.customerId;
  const where = placeOfRequest(body, isSameCustomer ? placeOfVisit(existing) : profilePlace(customer));
  const keptPlace = isSameCustomer ? placeOfBreakdown(existing.priceBreakdown) : undefined;
  const place = await checkServiceArea(deps.db, where.postalCode, 'admin', keptPlace);
  const { start, end, services } = await planVisit(deps.db, body, {
    rules: deps.rules,
    by: 'admin',
    withdrawnAllowed: 'all',
    kept: existing,
    choice: { ...choiceOf(body, keptChoice(existing)), discountPercent: existing.discountPercent, place },
  });
  await deps.jobs.transaction((tx) =>
    editVisitInTransaction(
      tx,
      {
        appointmentId,
        customer,
        start,
        end,
        status: body.status,
        readStatus: existing.status,
        comments: body.comments ?? null,
        where,
        services,
        userId: caller.userId,
      },
      deps,
    ),
  );
  await statusChangeCommitted(deps, appointmentId, existing.status, body.status);
  // Moved beyond the hold's window: its hold released (decision 058).
  if (start.getTime() !== new Date(existing.appointmentDate).getTime())
    await afterVisitMoved({ ...deps.payments, db: deps.db, jobs: deps.jobs }, appointmentId, new Date());
  return readVisit(deps.db, appointmentId);
}

/**
 * An admin deletes a visit, in its transaction: a future active visit deleted is cancelled by the
 * business for those who expect it, told before the row goes (the notice reads it), its revision up
 * first (decision 023).
 */
export async function deleteVisitInTransaction(
  tx: Transaction,
  appointmentId: string,
  employeeLocale: Locale,
): Promise<void> {
  const current = await lockAppointment(tx.db, appointmentId);
  if (!current) throw notFound('Appointment');
  const assigned = await assignedEmployeeIds(tx.db, appointmentId);
  const notices = noticesFor(
    stateOf(current, assigned),
    stateOf({ ...current, status: 'cancelled' }, assigned),
    'business',
  );
  if (notices.length > 0) {
    await bumpRevision(tx.db, appointmentId);
    await queueNotices(tx, appointmentId, notices, employeeLocale);
  }
  // PAYMENTS=stripe: its declined or released attempts go with it (decision 058).
  await forgetSettledAttempts(tx.db, [appointmentId]);
  await deleteAppointment(tx.db, appointmentId);
}

/**
 * `DELETE /appointments/:id`: an admin deletes any visit, their own included (`deleted`); a customer
 * cancels their own (kept, status cancelled: the visit); others 403.
 */
export async function deleteOrCancelVisit(
  deps: VisitDeps,
  caller: Caller,
  appointmentId: string,
): Promise<{ deleted: true } | { deleted: false; visit: Appointment }> {
  if (isAdmin(caller)) {
    await readVisit(deps.db, appointmentId);
    // PAYMENTS=stripe: its hold released first (decision 058).
    const { card } = deps.payments;
    if (card) await releaseBeforeDelete({ db: deps.db, jobs: deps.jobs, card }, [appointmentId]);
    await deps.jobs.transaction((tx) => deleteVisitInTransaction(tx, appointmentId, deps.employeeLocale));
    return { deleted: true };
  }
  const visit = await cancelMyVisit(
    deps,
    caller,
    appointmentId,
    'You do not have permission to delete appointments.',
  );
  return { deleted: false, visit };
}
