import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import {
  appointmentsCsvQuerySchema,
  addressLine,
  csvExportQuerySchema,
  csvFileName,
  paymentsCsvQuerySchema,
  pickLocale,
  toLocal,
  type Appointment,
  type Customer,
  type Employee,
  type Locale,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { csvStream } from '../../lib/csv.ts';
import { openRange } from '../../lib/date-range.ts';
import { paymentsOff } from '../payments/payment-provider.ts';
import { readTaxSettings, type PaymentsDeps } from '../payments/payments.service.ts';
import { paymentsCsvHeaders, paymentsCsvRow } from './payments-csv.ts';
import { ledgerBatches, type ExportedLedgerRow } from './payments-export.repository.ts';
import { appointmentBatches, appointmentsWhereOf } from '../appointments/appointments.repository.ts';
import { customerBatches } from '../customers/customers.repository.ts';
import { employeeBatches } from '../employees/employees.repository.ts';

/** Rows read from the database at a time (keyset batches, like the PDF's). */
export const CSV_BATCH_ROWS = 1000;

/** Column headers and the words of the cells, in the admin's language. */
const TEXT = {
  en: {
    appointments: [
      'Date',
      'Time',
      'Customer first name',
      'Customer last name',
      'Services',
      'Status',
      'Total (CAD)',
      'Address',
      'Comments',
      'Recurring',
      'Appointment ID',
      'Customer ID',
    ],
    customers: [
      'First name',
      'Last name',
      'Email',
      'Phone number',
      'Company name',
      'Address',
      'Postal code',
      'Customer ID',
    ],
    employees: ['First name', 'Last name', 'Email', 'Phone number', 'Role', 'Active', 'Employee ID'],
    status: { pending: 'Pending', confirmed: 'Confirmed', cancelled: 'Cancelled', completed: 'Completed' },
    yes: 'Yes',
    no: 'No',
  },
  fr: {
    appointments: [
      'Date',
      'Heure',
      'Prénom du client',
      'Nom du client',
      'Services',
      'Statut',
      'Total ($ CA)',
      'Adresse',
      'Commentaires',
      'Récurrent',
      'N° du rendez-vous',
      'N° du client',
    ],
    customers: [
      'Prénom',
      'Nom',
      'Courriel',
      'Téléphone',
      'Entreprise',
      'Adresse',
      'Code postal',
      'N° du client',
    ],
    employees: ['Prénom', 'Nom', 'Courriel', 'Téléphone', 'Rôle', 'Actif', 'N° de l’employé'],
    status: { pending: 'En attente', confirmed: 'Confirmé', cancelled: 'Annulé', completed: 'Terminé' },
    yes: 'Oui',
    no: 'Non',
  },
} as const;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The CSV exports (issue 17, decision 030), admin only: UTF-8 with a BOM, RFC 4180 quoting, formulas
 * guarded, streamed from keyset batches; headers in the language asked for (?lang= or Accept-Language).
 */
export const exportsRoutes: FastifyPluginCallbackZod<{
  config: AppConfig;
  payments: Pick<PaymentsDeps, 'provider' | 'business'>;
}> = (app, { config, payments }, done) => {
  const adminOnly = app.requireAnyPermission('admin');
  const security = [{ bearerAuth: [] }];
  const localeOf = (request: FastifyRequest & { query: { lang?: Locale } }): Locale =>
    request.query.lang ?? pickLocale(request.headers['accept-language']);

  const send = (reply: FastifyReply, fileName: string, stream: Readable) => {
    stream.on('error', (error) => {
      reply.log.error({ err: error }, 'CSV export failed');
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(stream);
  };

  app.get(
    '/admin/exports/appointments.csv',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          "The appointments as CSV (admin; UTF-8 with a BOM), streamed whatever their number, in the table's order; the table's filter: ?status=, ?from=&to=; headers in the language asked for (?lang= or Accept-Language)",
        security,
        querystring: appointmentsCsvQuerySchema,
      },
    },
    (request, reply) => {
      const { lang: _, ...filter } = request.query;
      const t = TEXT[localeOf(request)];
      const timeZone = config.businessTimeZone;
      const stream = csvStream(
        t.appointments,
        appointmentBatches(app.db, appointmentsWhereOf(filter, timeZone), CSV_BATCH_ROWS),
        (visit: Appointment) => {
          const local = toLocal(new Date(visit.appointmentDate), timeZone);
          return [
            local.date,
            `${pad(local.hour)}:${pad(local.minute)}`,
            visit.customerFirstName,
            visit.customerLastName,
            visit.services,
            t.status[visit.status],
            visit.totalPrice.toFixed(2),
            addressLine(visit),
            visit.comments,
            visit.seriesId ? t.yes : t.no,
            visit.appointmentId,
            visit.customerId,
          ];
        },
      );
      return send(reply, csvFileName('appointments', filter), stream);
    },
  );

  app.get(
    '/admin/exports/customers.csv',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'The customers as CSV (admin; UTF-8 with a BOM), by name, streamed; headers in the language asked for (?lang= or Accept-Language)',
        security,
        querystring: csvExportQuerySchema,
      },
    },
    (request, reply) => {
      const t = TEXT[localeOf(request)];
      const stream = csvStream(t.customers, customerBatches(app.db, CSV_BATCH_ROWS), (customer: Customer) => [
        customer.firstName,
        customer.lastName,
        customer.email,
        customer.phoneNumber,
        customer.companyName,
        customer.address,
        customer.postalCode,
        customer.customerId,
      ]);
      return send(reply, csvFileName('customers'), stream);
    },
  );

  app.get(
    '/admin/exports/employees.csv',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'The employees as CSV (admin; UTF-8 with a BOM), by name, streamed; headers in the language asked for (?lang= or Accept-Language)',
        security,
        querystring: csvExportQuerySchema,
      },
    },
    (request, reply) => {
      const t = TEXT[localeOf(request)];
      const stream = csvStream(t.employees, employeeBatches(app.db, CSV_BATCH_ROWS), (employee: Employee) => [
        employee.firstName,
        employee.lastName,
        employee.email,
        employee.phoneNumber,
        employee.role,
        employee.isActive ? t.yes : t.no,
        employee.employeeId,
      ]);
      return send(reply, csvFileName('employees'), stream);
    },
  );

  app.get(
    '/admin/exports/payments.csv',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'The payments ledger as CSV for the accountant (admin; UTF-8 with a BOM; 404 PAYMENTS_OFF when payments are off): one line per payment, tip, fee and refund written on the days ?from=&to= (business time zone, both included, either optional), oldest first, with its receipt or credit note number, visit, customer, province, amount before tax, each tax and total (a refund negative), streamed; headers in the language asked for (?lang= or Accept-Language)',
        security,
        querystring: paymentsCsvQuerySchema,
      },
    },
    async (request, reply) => {
      if (payments.provider.mode === 'off') throw paymentsOff();
      const { lang: _, ...range } = request.query;
      const locale = localeOf(request);
      const timeZone = config.businessTimeZone;
      const settings = await readTaxSettings(app.db, payments.business.brandName);
      const stream = csvStream(
        paymentsCsvHeaders(locale),
        ledgerBatches(app.db, openRange(range, timeZone), CSV_BATCH_ROWS),
        (row: ExportedLedgerRow) => paymentsCsvRow(row, settings, locale, timeZone),
      );
      return send(reply, csvFileName('payments', range), stream);
    },
  );
  done();
};
