import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idempotencyHeadersSchema,
  adminAppointmentInputSchema,
  appointmentIdParamsSchema,
  appointmentSchema,
  listedAppointmentSchema,
  appointmentsPageQuerySchema,
  appointmentsPdfQuerySchema,
  myAppointmentsQuerySchema,
  type AppointmentsFilter,
  appointmentsPageSchema,
  COMPANY_PHONE,
  selfServicePolicySchema,
  bookAppointmentInputSchema,
  customerIdParamsSchema,
  errorBodySchema,
  pickLocale,
  MAX_SLOT_DAYS,
  slotDaysQuerySchema,
  slotDaysResponseSchema,
  slotsQuerySchema,
  slotsResponseSchema,
  updateOwnAppointmentInputSchema,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { keysetPage } from '../../lib/keyset.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import { appointmentsPdfInThread } from './appointments-pdf-thread.ts';
import { appointmentsWhereOf, type AppointmentsWhere } from './appointments.repository.ts';
import {
  addVisit,
  bookForCustomer,
  cancelMyVisit,
  changeOwnVisit,
  deleteOrCancelVisit,
  editVisit,
  findMyVisits,
  findSlotDays,
  findSlots,
  commentsReaderOf,
  findVisitFor,
  findVisitsPage,
  type VisitDeps,
} from './appointments.service.ts';
import { bookingRulesOf } from './booking.service.ts';

/** Whole days from one calendar date to another. */
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/**
 * Booking (spec §2 Select Date & Time, Checkout, My appointments): the day's slots, booking with the
 * capacity checked atomically and an idempotency key, the customer's own list, changes and cancellation.
 * Every read and write is a function of `appointments.service.ts` (decision 042): these parse, call, answer.
 */
export const appointmentsRoutes: FastifyPluginCallbackZod<{
  config: AppConfig;
  /** Where the PDF's worker thread reads from (its own connection). */
  databaseUrl: string;
  /** The payments' mode (issue 29): the lists' payment column. */
  payments: VisitDeps['payments'];
}> = (app, { config, databaseUrl, payments }, done) => {
  const signedIn = app.requireAnyPermission('admin', 'employee', 'customer');
  const deps: VisitDeps = {
    db: app.db,
    jobs: app.jobs,
    rules: bookingRulesOf(config),
    employeeLocale: config.businessLocale,
    publicUrl: config.publicUrl,
    payments,
  };

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
    async (request) => findSlots(deps, request.query),
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
      return findSlotDays(deps, request.query);
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
      const { visit, isNew, customerId } = await bookForCustomer(deps, currentUser(request), {
        customerId: request.params.customerId,
        key: request.headers['idempotency-key'],
        body: request.body,
        locale: request.body.locale ?? pickLocale(request.headers['accept-language']),
      });
      if (!isNew) return reply.code(200).send(visit);
      request.log.info({ appointmentId: visit.appointmentId, customerId }, 'appointment booked');
      return reply.code(201).send(visit);
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
        response: { 200: z.array(listedAppointmentSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { limit, before } = request.query;
      const rows = await findMyVisits(deps, currentUser(request), { limit, before });
      return keysetPage(request, reply, rows, limit, (row) => ({
        key: new Date(row.appointmentDate).toISOString(),
        id: row.appointmentId,
      }));
    },
  );

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
    async (request) => changeOwnVisit(deps, currentUser(request), request.params.appointmentId, request.body),
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
      const result = await deleteOrCancelVisit(deps, currentUser(request), request.params.appointmentId);
      return result.deleted ? reply.code(204).send() : reply.code(200).send(result.visit);
    },
  );

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
    async (request) =>
      cancelMyVisit(
        deps,
        currentUser(request),
        request.params.appointmentId,
        'You can only change your own appointments.',
      ),
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
          'All appointments, a page at a time (page from 0, 6 a page); newest appointment date first, then id. Optional filter: ?status=, ?from=&to= (business-local days, both included), ?payment=needed (the card was declined or waits for the customer). totalElements is counted up to 99 pages and one row.',
        security: bearer,
        querystring: appointmentsPageQuerySchema,
        response: { 200: appointmentsPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return findVisitsPage(deps, currentUser(request), appointmentsWhere(request.query), request.query);
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
        comments: await commentsReaderOf(app.db, currentUser(request)),
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
    async (request) => findVisitFor(deps, currentUser(request), request.params.appointmentId),
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
      const locale = request.body.locale ?? pickLocale(request.headers['accept-language']);
      return reply.code(201).send(await addVisit(deps, currentUser(request), request.body, locale));
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
    async (request) => editVisit(deps, currentUser(request), request.params.appointmentId, request.body),
  );

  done();
};
