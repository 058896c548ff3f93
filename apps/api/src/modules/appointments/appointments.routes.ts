import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idempotencyHeadersSchema,
  profilePlace,
  adminAppointmentInputSchema,
  appointmentIdParamsSchema,
  appointmentSchema,
  appointmentsPageQuerySchema,
  appointmentsPdfQuerySchema,
  myAppointmentsQuerySchema,
  type AppointmentsFilter,
  appointmentsPageSchema,
  MAX_TOTAL_PAGES,
  COMPANY_PHONE,
  selfServicePolicySchema,
  bookAppointmentInputSchema,
  customerIdParamsSchema,
  errorBodySchema,
  isActiveStatus,
  pickLocale,
  placeOfBreakdown,
  MAX_SLOT_DAYS,
  slotDaysQuerySchema,
  slotDaysResponseSchema,
  slotsQuerySchema,
  slotsResponseSchema,
  updateOwnAppointmentInputSchema,
  type Appointment,
  type Home,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { keysetPage } from '../../lib/keyset.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findCustomerById } from '../customers/customers.repository.ts';
import { findOwnCustomer } from '../auth/ownership.ts';
import { appointmentEmailDataOf } from './appointment-email.ts';
import {
  queueFeedbackRequest,
  queueVisitNotices,
  teamChange,
  type NoticeRecipients,
  type VisitChange,
} from './visit-notices.ts';
import { appointmentsPdfInThread } from './appointments-pdf-thread.ts';
import {
  findAppointment,
  findAppointmentByKey,
  findAppointmentsPage,
  type AppointmentsWhere,
  appointmentsWhereOf,
  bumpRevision,
  lockAppointment,
  findCustomerAppointments,
  insertAppointment,
  deleteAppointment,
  replaceAppointment,
} from './appointments.repository.ts';
import {
  bookingRulesOf,
  checkServiceArea,
  placeOfRequest,
  placeOfVisit,
  storedPlace,
  choiceOf,
  customerToBookFor,
  cancelOwnVisit,
  computeSlotDays,
  computeSlots,
  lockOpenVisit,
  refuseInsideCutoff,
  checkStart,
  planVisit,
  reserveVisit,
  resolveServices,
  statusAfterCustomerChange,
  type BookingRules,
} from './booking.service.ts';

/** Nothing kept: what the services need and the request does not say is the smallest home. */
const EMPTY_CHOICE = { home: {}, extraIds: [] };

/** The home and extras a visit was priced on (nothing for a visit booked before instant prices). */
const keptChoice = (visit: Appointment) => visit.priceBreakdown ?? EMPTY_CHOICE;
import { bearer, errors } from '../../lib/route-docs.ts';
import {
  assignedEmployeeIds,
  findBusyEmployees,
  lockEmployees,
  removeAssignments,
  replaceAssignments,
} from '../assignments/assignments.repository.ts';

/** What `/slots` and `/slots/days` read of the visit: its services, home and extras. */
type SlotVisitQuery = { serviceIds: string[]; extraIds: string[] } & Home;

/** Whole days from one calendar date to another. */
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/**
 * Booking (spec §2 Select Date & Time, Checkout, My appointments): the day's slots, booking with the
 * capacity checked atomically and an idempotency key, the customer's own list, changes and cancellation.
 */
export const appointmentsRoutes: FastifyPluginCallbackZod<{
  config: AppConfig;
  /** Where the PDF's worker thread reads from (its own connection). */
  databaseUrl: string;
}> = (app, { config, databaseUrl }, done) => {
  const signedIn = app.requireAnyPermission('admin', 'employee', 'customer');
  const rules = (): BookingRules => bookingRulesOf(config);
  const bufferMs = config.bufferMinutes * 60_000;
  /** Queues one change's notices (decision 023) in its transaction; employees read BUSINESS_LOCALE. */
  const notify = (
    tx: Parameters<typeof queueVisitNotices>[0],
    appointmentId: string,
    change: VisitChange,
    recipients: Omit<NoticeRecipients, 'employeeLocale'>,
  ) => queueVisitNotices(tx, appointmentId, change, { ...recipients, employeeLocale: config.businessLocale });

  /**
   * The length of the visit a slot query describes (decision 025): its services priced on the home and
   * extras it gives, with the same function as the booking. Completed like a kept home (the smallest home
   * for what it does not say, the extras the services offer): the spec's clients send none, and a
   * customer changing a visit sends the one it was booked with. An hour without services.
   */
  async function visitMinutes(query: SlotVisitQuery): Promise<number> {
    if (query.serviceIds.length === 0) return 60;
    const { serviceIds, extraIds, bedrooms, bathrooms, area, areaUnit } = query;
    const home: Home = {
      ...(bedrooms !== undefined && { bedrooms }),
      ...(bathrooms !== undefined && { bathrooms }),
      ...(area !== undefined && { area }),
      ...(areaUnit !== undefined && { areaUnit }),
    };
    const services = await resolveServices(
      app.db,
      serviceIds,
      'all',
      { home, extraIds, how: 'kept' },
      'querystring',
    );
    return services.durationMinutes;
  }

  app.get(
    '/slots',
    {
      schema: {
        tags: ['appointments'],
        summary:
          'The 12 hourly start times (09:00-20:00, business time zone) of a day, each bookable or not (past, beyond the booking horizon, ending after closing at 21:00, full), and the last bookable day',
        querystring: slotsQuerySchema,
        response: { 200: slotsResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      // Withdrawn services still have a length: a customer changing a visit that has one sees its times.
      const minutes = await visitMinutes(request.query);
      return computeSlots(app.db, request.query.date, minutes, rules());
    },
  );

  app.get(
    '/settings/self-service',
    {
      schema: {
        tags: ['appointments'],
        summary:
          'What customers may do to their own visits themselves: the change cut-off (CHANGE_CUTOFF_HOURS), the booking notice and whom to call',
        response: { 200: selfServicePolicySchema },
      },
    },
    () => ({
      changeCutoffHours: config.changeCutoffHours,
      minNoticeHours: config.minNoticeHours,
      phone: COMPANY_PHONE,
    }),
  );

  app.get(
    '/slots/days',
    {
      schema: {
        tags: ['appointments'],
        summary: `Days from \`from\` to \`to\` (at most ${MAX_SLOT_DAYS}), each with a bookable start time or the reason it has none, for marking a calendar month`,
        querystring: slotDaysQuerySchema,
        response: { 200: slotDaysResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      if (to < from || daysBetween(from, to) >= MAX_SLOT_DAYS) {
        throw new AppError('VALIDATION_ERROR', `Ask for 1 to ${MAX_SLOT_DAYS} days.`, [
          { path: 'querystring.to', message: 'validation.dateRange' },
        ]);
      }
      return computeSlotDays(app.db, { from, to }, await visitMinutes(request.query), rules());
    },
  );

  app.post(
    '/appointments/customers/:customerId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['appointments'],
        summary:
          'Book (own customer profile; an admin for anyone). Send an Idempotency-Key header to make retries safe.',
        security: bearer,
        params: customerIdParamsSchema,
        headers: idempotencyHeadersSchema,
        body: bookAppointmentInputSchema,
        response: { 200: appointmentSchema, 201: appointmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const customer = await customerToBookFor(app.db, user, request.params.customerId, request.body);
      const key = request.headers['idempotency-key'];
      if (key) {
        const earlier = await findAppointmentByKey(app.db, customer.id, key);
        if (earlier) return reply.code(200).send(earlier);
      }
      const by = user.permissions.has('admin') ? 'admin' : 'customer';
      const { start, end, services } = await planVisit(app.db, request.body, {
        rules: rules(),
        by,
        withdrawnAllowed: 'none',
        // A customer says what the services need; an admin who says nothing books the smallest home.
        // Priced where it happens: the address sent, else the profile's (decisions 026 and 035).
        choice: {
          ...choiceOf(request.body, by === 'admin' ? EMPTY_CHOICE : undefined),
          place: customer.serviceArea,
        },
      });
      const locale = request.body.locale ?? pickLocale(request.headers['accept-language']);

      let id: string;
      try {
        id = await app.jobs.transaction(async (tx) => {
          const cleaners = await reserveVisit(tx.db, { customerId: customer.id, start, end, by }, rules());
          const appointmentId = await insertAppointment(
            tx.db,
            {
              customerId: customer.id,
              customerFirstName: customer.firstName,
              customerLastName: customer.lastName,
              appointmentDate: start,
              endsAt: end,
              status: 'pending',
              comments: request.body.comments ?? null,
              ...storedPlace(customer.where),
              totalPrice: services.totalPrice,
              priceBreakdown: services.breakdown,
              locale,
              idempotencyKey: key ?? null,
              createdByUserId: user.userId,
            },
            services.lines,
          );
          // The cleaner picked here gets no "assigned" email (decision 023): the visit is pending until the
          // office confirms it, it is in their schedule and calendar feed already, and a series' plan
          // would send one per visit. Emails tell the team of changes made to what they already have.
          if (cleaners?.length) await replaceAssignments(tx.db, appointmentId, cleaners, null);
          const created = await findAppointment(tx.db, appointmentId);
          if (!created) throw new Error('The appointment was not saved.');
          await tx.enqueue('email', {
            to: customer.email,
            locale,
            message: { template: 'booking-confirmation', data: appointmentEmailDataOf(created) },
          });
          return appointmentId;
        });
      } catch (error) {
        // The same key retried while the first request was still running: answer with the first result.
        // The loser waited on the customer's lock and met the winner's row (VISITS_OVERLAP), or raced it
        // to the unique index; either way the winner's appointment is there now.
        const earlier = key ? await findAppointmentByKey(app.db, customer.id, key) : undefined;
        if (earlier) return reply.code(200).send(earlier);
        throw error;
      }
      const created = await findAppointment(app.db, id);
      if (!created) throw notFound('Appointment');
      request.log.info({ appointmentId: id, customerId: customer.id }, 'appointment booked');
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/appointments/my-appointments',
    {
      preValidation: signedIn,
      schema: {
        tags: ['appointments'],
        summary:
          'My appointments, newest first (cancelled ones included, for the filter): 200 by default (?limit=, at most 500), the next ones from the Link header (rel="next")',
        security: bearer,
        querystring: myAppointmentsQuerySchema,
        response: { 200: z.array(appointmentSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const customer = await findOwnCustomer(app.db, currentUser(request));
      if (!customer) return [];
      const { limit, before } = request.query;
      const rows = await findCustomerAppointments(app.db, customer.id, {
        limit: limit + 1,
        before,
      });
      return keysetPage(request, reply, rows, limit, (row) => ({
        key: new Date(row.appointmentDate).toISOString(),
        id: row.appointmentId,
      }));
    },
  );

  /** The appointment if it belongs to the signed-in person's profile. */
  async function ownAppointment(request: Parameters<typeof currentUser>[0], id: string) {
    const appointment = await findAppointment(app.db, id);
    if (!appointment) throw notFound('Appointment');
    const customer = await findOwnCustomer(app.db, currentUser(request));
    return { appointment, isOwn: customer?.id === appointment.customerId };
  }

  app.put(
    '/appointments/customer/:appointmentId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['appointments'],
        summary: 'Change my appointment: time (capacity checked again), services, comments; or cancel it',
        security: bearer,
        params: appointmentIdParamsSchema,
        body: updateOwnAppointmentInputSchema,
        response: { 200: appointmentSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { appointment, isOwn } = await ownAppointment(request, request.params.appointmentId);
      if (!isOwn) throw forbidden('You can only change your own appointments.');
      const wanted = request.body.status ?? appointment.status;
      if (wanted === 'confirmed' || wanted === 'completed') {
        if (wanted !== appointment.status)
          throw forbidden('Only the company confirms or completes an appointment.');
      }
      if (wanted === 'cancelled') {
        await cancelVisit(appointment, user.userId);
      } else {
        // Services already on the appointment may stay even if withdrawn since; no other may be added.
        const bookedIds = appointment.serviceDetails.flatMap((line) =>
          line.serviceId ? [line.serviceId] : [],
        );
        // A kept time is not judged again (notice, slot): comments change until the visit starts.
        const { start, end, services } = await planVisit(app.db, request.body, {
          rules: rules(),
          by: 'customer',
          withdrawnAllowed: bookedIds,
          kept: appointment,
          // Home and extras not said again: the visit's own. A series visit keeps its discount (decision 020),
          // every visit the place and surcharge it was booked at (its address does not change here).
          choice: {
            ...choiceOf(request.body, keptChoice(appointment)),
            discountPercent: appointment.discountPercent,
            place: placeOfBreakdown(appointment.priceBreakdown),
          },
        });
        const wantedIds = [...new Set(request.body.serviceIds)].sort();
        const isNewServices =
          wantedIds.length !== bookedIds.length || wantedIds.join() !== [...bookedIds].sort().join();
        await app.jobs.transaction(async (tx) => {
          const current = await lockOpenVisit(
            tx.db,
            appointment.appointmentId,
            appointment.customerId,
            rules(),
          );
          if (current.status === 'cancelled')
            throw new AppError('CONFLICT', 'This appointment can no longer be changed.');
          // Against the locked row: a move by the company a moment ago counts.
          const isNewTime = start.getTime() !== current.appointmentDate.getTime();
          // Comments may change until the start; the rest stops at the cut-off (decision 027).
          if (isNewTime || isNewServices) refuseInsideCutoff(current, rules());
          // The time kept was the one read before the lock: if the company moved it since, it is new.
          if (isNewTime) checkStart(start, rules(), 'customer');
          const assigned = await assignedEmployeeIds(tx.db, appointment.appointmentId);
          const cleaners = await reserveVisit(
            tx.db,
            {
              customerId: appointment.customerId,
              start,
              end,
              exceptAppointmentId: appointment.appointmentId,
              keptEmployeeIds: assigned,
              holdsPlace: !isNewTime && end.getTime() === current.endsAt.getTime(),
              by: 'customer',
            },
            rules(),
          );
          if (cleaners) {
            // With a team: those still free stay, else the cleaner picked for the new time.
            await replaceAssignments(tx.db, appointment.appointmentId, cleaners, null);
          } else {
            // Without one: employees planned on it who are busy at the new time step off it; the
            // company plans someone else (the customer cannot see or choose the team).
            await lockEmployees(tx.db, assigned);
            const busy = await findBusyEmployees(tx.db, assigned, start, end, {
              exceptAppointmentId: appointment.appointmentId,
              bufferMs,
            });
            await removeAssignments(tx.db, appointment.appointmentId, [...busy]);
          }
          const holdsPlace = !isNewTime && end.getTime() === current.endsAt.getTime();
          await replaceAppointment(
            tx.db,
            appointment.appointmentId,
            {
              appointmentDate: start,
              endsAt: end,
              status: statusAfterCustomerChange(current.status, { isNewTime, isNewServices }),
              comments: request.body.comments ?? null,
              totalPrice: services.totalPrice,
              priceBreakdown: services.breakdown,
              // Placed at a time someone could take it: it no longer needs one.
              needsTime: current.needsTime && holdsPlace,
            },
            services.lines,
          );
          if (isNewTime) {
            // The customer and the cleaners still on it hear of the move; a cleaner the move took off
            // it, or put on it, hears that instead (decision 023).
            const team = teamChange(assigned, await assignedEmployeeIds(tx.db, appointment.appointmentId));
            const id = appointment.appointmentId;
            const moved = { kind: 'moved', previousStartsAt: current.appointmentDate } as const;
            await notify(tx, id, moved, { customer: true, employeeIds: team.kept });
            await notify(tx, id, { kind: 'assigned' }, { customer: false, employeeIds: team.added });
            await notify(tx, id, { kind: 'unassigned' }, { customer: false, employeeIds: team.removed });
          }
        });
      }
      const updated = await findAppointment(app.db, appointment.appointmentId);
      if (!updated) throw notFound('Appointment');
      return updated;
    },
  );

  app.delete(
    '/appointments/:appointmentId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['appointments'],
        summary:
          'An admin deletes any appointment (204), their own included; a customer cancels their own (kept, status cancelled; 409 APPOINTMENT_CLOSED once completed or started). Others: 403.',
        security: bearer,
        params: appointmentIdParamsSchema,
        response: { 200: appointmentSchema, 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // An admin deletes, even an appointment of their own customer record (the appointments table).
      if (user.permissions.has('admin')) {
        const existing = await findAppointment(app.db, request.params.appointmentId);
        if (!existing) throw notFound('Appointment');
        await app.jobs.transaction(async (tx) => {
          const current = await lockAppointment(tx.db, existing.appointmentId);
          if (!current) throw notFound('Appointment');
          // A future active visit deleted is cancelled by the business for those who expect it: told
          // before the row goes (the notice reads it), its revision up first (decision 023).
          if (isActiveStatus(current.status)) {
            await bumpRevision(tx.db, existing.appointmentId);
            await notify(
              tx,
              existing.appointmentId,
              { kind: 'cancelled', cancelledBy: 'business' },
              { customer: true, employeeIds: await assignedEmployeeIds(tx.db, existing.appointmentId) },
            );
          }
          await deleteAppointment(tx.db, existing.appointmentId);
        });
        return reply.code(204).send();
      }
      const { appointment, isOwn } = await ownAppointment(request, request.params.appointmentId);
      if (!isOwn) throw forbidden('You do not have permission to delete appointments.');
      return reply.code(200).send(await cancelAndRead(appointment, user.userId));
    },
  );

  /**
   * A customer's cancel: the row is kept, status cancelled (decision 007); closed visits refuse. The
   * customer and the cleaners on it get the notice (a series visit's is "skipped"; decisions 020, 023).
   */
  async function cancelVisit(visit: { appointmentId: string; customerId: string }, userId: string) {
    await app.jobs.transaction(async (tx) => {
      if (await cancelOwnVisit(tx.db, visit, userId, rules())) {
        await notify(
          tx,
          visit.appointmentId,
          { kind: 'cancelled', cancelledBy: 'customer' },
          { customer: true, employeeIds: await assignedEmployeeIds(tx.db, visit.appointmentId) },
        );
      }
    });
  }

  async function cancelAndRead(visit: { appointmentId: string; customerId: string }, userId: string) {
    await cancelVisit(visit, userId);
    const cancelled = await findAppointment(app.db, visit.appointmentId);
    if (!cancelled) throw notFound('Appointment');
    return cancelled;
  }

  app.post(
    '/appointments/customer/:appointmentId/cancel',
    {
      preValidation: signedIn,
      schema: {
        tags: ['appointments'],
        summary:
          'Cancel my appointment (kept, status cancelled), whatever my role: what My appointments uses. 409 APPOINTMENT_CLOSED once completed or started.',
        security: bearer,
        params: appointmentIdParamsSchema,
        response: { 200: appointmentSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { appointment, isOwn } = await ownAppointment(request, request.params.appointmentId);
      if (!isOwn) throw forbidden('You can only change your own appointments.');
      return cancelAndRead(appointment, user.userId);
    },
  );

  const staff = app.requireAnyPermission('admin', 'employee');
  const adminOnly = app.requireAnyPermission('admin');

  /** The table's filter of a query (`status`, `from`, `to`) as the repository's. */
  const appointmentsWhere = (query: AppointmentsFilter): AppointmentsWhere =>
    appointmentsWhereOf(query, config.businessTimeZone);

  app.get(
    '/appointments/paged',
    {
      preValidation: staff,
      schema: {
        tags: ['appointments'],
        summary:
          'All appointments, a page at a time (page from 0, 6 a page); newest appointment date first, then id. Optional filter: ?status=, ?from=&to= (business-local days, both included). totalElements is counted up to 99 pages and one row.',
        security: bearer,
        querystring: appointmentsPageQuerySchema,
        response: { 200: appointmentsPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { page, size } = request.query;
      // The table shows 99 pages at most (spec §9): one row more than those says "more".
      const countUpTo = MAX_TOTAL_PAGES * size + 1;
      const { content, totalElements } = await findAppointmentsPage(
        app.db,
        appointmentsWhere(request.query),
        { index: page, size, countUpTo },
      );
      return {
        content,
        page,
        size,
        totalElements,
        totalPages: Math.min(MAX_TOTAL_PAGES, Math.ceil(totalElements / size)),
      };
    },
  );

  app.get(
    '/appointments/pdf',
    {
      preValidation: staff,
      schema: {
        tags: ['appointments'],
        summary:
          "The appointments as a PDF table, streamed whatever their number; headings in the language asked for (?lang= or Accept-Language); the table's filter: ?status=, ?from=&to=",
        security: bearer,
        querystring: appointmentsPdfQuerySchema,
      },
    },
    async (request, reply) => {
      const locale = request.query.lang ?? pickLocale(request.headers['accept-language']);
      const stream = appointmentsPdfInThread({
        databaseUrl,
        where: appointmentsWhere(request.query),
        options: {
          locale,
          timeZone: config.businessTimeZone,
          brandName: config.brandName,
          ...(request.query.from ? { from: request.query.from } : {}),
          ...(request.query.to ? { to: request.query.to } : {}),
          ...(request.query.status ? { status: request.query.status } : {}),
        },
      });
      stream.on('error', (error) => {
        request.log.error({ err: error }, 'appointments PDF failed');
      });
      reply
        .type('application/pdf')
        .header('Content-Disposition', 'attachment; filename="appointments.pdf"')
        .header('Cache-Control', 'no-store');
      return reply.send(stream);
    },
  );

  app.get(
    '/appointments/:appointmentId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['appointments'],
        summary:
          'One appointment: every appointment for an admin or an employee; a customer their own (the edit page of My Appointments), others 403',
        security: bearer,
        params: appointmentIdParamsSchema,
        response: { 200: appointmentSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (user.permissions.has('admin') || user.permissions.has('employee')) {
        const appointment = await findAppointment(app.db, request.params.appointmentId);
        if (!appointment) throw notFound('Appointment');
        return appointment;
      }
      const { appointment, isOwn } = await ownAppointment(request, request.params.appointmentId);
      if (!isOwn) throw forbidden('You can only see your own appointments.');
      return appointment;
    },
  );

  app.post(
    '/appointments',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['appointments'],
        summary: 'Add an appointment for a customer (admin); capacity enforced',
        security: bearer,
        body: adminAppointmentInputSchema,
        response: { 201: appointmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const customer = await findCustomerById(app.db, request.body.customerId);
      if (!customer) {
        throw new AppError('VALIDATION_ERROR', 'No such customer.', [
          { path: 'body.customerId', message: 'appointments.errors.customer' },
        ]);
      }
      // Anywhere, with the surcharge of the address sent, else the profile's (decisions 026 and 035).
      const where = placeOfRequest(request.body, profilePlace(customer));
      const { start, end, services } = await planVisit(app.db, request.body, {
        rules: rules(),
        by: 'admin',
        withdrawnAllowed: 'all',
        choice: {
          ...choiceOf(request.body, EMPTY_CHOICE),
          place: await checkServiceArea(app.db, where.postalCode, 'admin'),
        },
      });
      const locale = request.body.locale ?? pickLocale(request.headers['accept-language']);
      const id = await app.jobs.transaction(async (tx) => {
        // Pending and confirmed appointments hold their hours; cancelled and completed ones do not.
        const cleaners = isActiveStatus(request.body.status)
          ? await reserveVisit(tx.db, { customerId: customer.id, start, end, by: 'admin' }, rules())
          : undefined;
        const appointmentId = await insertAppointment(
          tx.db,
          {
            customerId: customer.id,
            customerFirstName: customer.firstName,
            customerLastName: customer.lastName,
            appointmentDate: start,
            endsAt: end,
            status: request.body.status,
            comments: request.body.comments ?? null,
            ...storedPlace(where),
            totalPrice: services.totalPrice,
            priceBreakdown: services.breakdown,
            locale,
            createdByUserId: user.userId,
          },
          services.lines,
        );
        if (cleaners?.length) await replaceAssignments(tx.db, appointmentId, cleaners, null);
        return appointmentId;
      });
      const created = await findAppointment(app.db, id);
      if (!created) throw notFound('Appointment');
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/appointments/:appointmentId',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['appointments'],
        summary: 'Change any appointment, all four statuses (admin); capacity still enforced',
        security: bearer,
        params: appointmentIdParamsSchema,
        body: adminAppointmentInputSchema,
        response: { 200: appointmentSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const existing = await findAppointment(app.db, request.params.appointmentId);
      if (!existing) throw notFound('Appointment');
      const customer = await findCustomerById(app.db, request.body.customerId);
      if (!customer) {
        throw new AppError('VALIDATION_ERROR', 'No such customer.', [
          { path: 'body.customerId', message: 'appointments.errors.customer' },
        ]);
      }
      // The place it happens at stays unless an address is sent or the visit goes to another customer
      // (their profile's then); the same postal code keeps the surcharge it was priced at: an edit does not
      // add a surcharge the visit was not booked with.
      const keptPlace = placeOfBreakdown(existing.priceBreakdown);
      const isSameCustomer = customer.id === existing.customerId;
      const where = placeOfRequest(
        request.body,
        isSameCustomer ? placeOfVisit(existing) : profilePlace(customer),
      );
      const place = await checkServiceArea(
        app.db,
        where.postalCode,
        'admin',
        isSameCustomer ? keptPlace : undefined,
      );
      // An admin may keep a past time when changing the status of an appointment that already happened.
      const { start, end, services } = await planVisit(app.db, request.body, {
        rules: rules(),
        by: 'admin',
        withdrawnAllowed: 'all',
        kept: existing,
        choice: {
          ...choiceOf(request.body, keptChoice(existing)),
          discountPercent: existing.discountPercent,
          place,
        },
      });
      const status = request.body.status;
      await app.jobs.transaction(async (tx) => {
        const current = await lockAppointment(tx.db, existing.appointmentId);
        if (!current) throw notFound('Appointment');
        const assigned = await assignedEmployeeIds(tx.db, existing.appointmentId);
        const sameTime =
          start.getTime() === current.appointmentDate.getTime() && end.getTime() === current.endsAt.getTime();
        // Active at the same time and length: it holds its place already (or, needing a time, stays so).
        const keepsPlace = isActiveStatus(current.status) && sameTime;
        if (isActiveStatus(status)) {
          await reserveVisit(
            tx.db,
            {
              customerId: customer.id,
              start,
              end,
              exceptAppointmentId: existing.appointmentId,
              keptEmployeeIds: assigned,
              assign: 'keep',
              holdsPlace: keepsPlace,
              by: 'admin',
            },
            rules(),
          );
        }
        if (status !== 'cancelled') {
          // The employees planned on it must still be free at the new time, travel buffer included.
          await lockEmployees(tx.db, assigned);
          const busy = await findBusyEmployees(tx.db, assigned, start, end, {
            exceptAppointmentId: existing.appointmentId,
            bufferMs,
          });
          if (busy.size > 0) {
            throw new AppError('CONFLICT', 'An employee planned on this appointment is busy at that time.', [
              { path: 'body.appointmentDate', message: 'assignments.errors.rescheduleOverlap' },
            ]);
          }
        }
        await replaceAppointment(
          tx.db,
          existing.appointmentId,
          {
            customerId: customer.id,
            customerFirstName: customer.firstName,
            customerLastName: customer.lastName,
            appointmentDate: start,
            endsAt: end,
            status,
            comments: request.body.comments ?? null,
            // The address sent, else the one booked (given to another customer: their profile's).
            ...storedPlace(where),
            totalPrice: services.totalPrice,
            priceBreakdown: services.breakdown,
            // Placed at a new time (or no longer active): it no longer needs a time.
            needsTime: current.needsTime && sameTime && isActiveStatus(status),
            ...(status === 'cancelled'
              ? existing.status === 'cancelled'
                ? {}
                : { cancelledAt: new Date(), cancelledByUserId: user.userId }
              : { cancelledAt: null, cancelledByUserId: null }),
          },
          services.lines,
        );
        // One notice per change (decision 023), the strongest: a cancellation, else a move, else a
        // confirmation. A visit that was not active (cancelled or completed) and is active again is not
        // "moved" or "confirmed": nothing goes out for it.
        const id = existing.appointmentId;
        const wasActive = isActiveStatus(current.status);
        const isNewTime = start.getTime() !== current.appointmentDate.getTime();
        if (status === 'cancelled' && wasActive) {
          await notify(
            tx,
            id,
            { kind: 'cancelled', cancelledBy: 'business' },
            { customer: true, employeeIds: assigned },
          );
        } else if (isActiveStatus(status) && wasActive && isNewTime) {
          await notify(
            tx,
            id,
            { kind: 'moved', previousStartsAt: current.appointmentDate },
            { customer: true, employeeIds: assigned },
          );
        } else if (status === 'confirmed' && current.status === 'pending') {
          await notify(tx, id, { kind: 'confirmed' }, { customer: true, employeeIds: [] });
        }
        // After the visit: the customer is asked how it went, once per visit.
        if (status === 'completed' && current.status !== 'completed')
          await queueFeedbackRequest(tx, id, { publicUrl: config.publicUrl });
      });
      const updated = await findAppointment(app.db, existing.appointmentId);
      if (!updated) throw notFound('Appointment');
      return updated;
    },
  );

  done();
};
