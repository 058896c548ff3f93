import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  employeeIdParamsSchema,
  payRateInputSchema,
  payRatesSchema,
  payReportQuerySchema,
  payCsvFileName,
  payReportSchema,
  pickLocale,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import { payReportCsv } from './pay-csv.ts';
import { payRatesOf, payReportFor, setPayRate, type PayDeps } from './pay.service.ts';

/**
 * Hours and pay (issue 30 §6, decision 066): the admin sets each employee's pay terms and reads the pay
 * report of a period (an employee reads their own); the rules are `pay.service.ts`'s.
 */
export const payRoutes: FastifyPluginCallbackZod<{ config: AppConfig }> = (app, { config }, done) => {
  const adminOnly = app.requireAnyPermission('admin');
  const staff = app.requireAnyPermission('admin', 'employee');
  const deps: PayDeps = {
    db: app.db,
    timeZone: config.businessTimeZone,
    bufferMinutes: config.bufferMinutes,
    pay: config.pay,
  };

  app.get(
    '/employees/:employeeId/pay-rates',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['employees'],
        summary:
          "An employee's pay terms, oldest first: hourly or a percent of the visit's price, each from a day (admin)",
        security: bearer,
        params: employeeIdParamsSchema,
        response: { 200: payRatesSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return payRatesOf(deps, request.params.employeeId);
    },
  );

  app.post(
    '/employees/:employeeId/pay-rates',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['employees'],
        summary:
          "Set an employee's pay terms from a day on (admin): hourly (cents) or a percent of the visit's price before tax (hundredths of a percent); earlier days keep their terms; terms from the same day replace them",
        security: bearer,
        params: employeeIdParamsSchema,
        body: payRateInputSchema,
        response: { 200: payRatesSchema, ...errors },
      },
    },
    async (request) => setPayRate(deps, currentUser(request), request.params.employeeId, request.body),
  );

  app.get(
    '/pay/report',
    {
      preValidation: staff,
      schema: {
        tags: ['employees'],
        summary:
          "An employee's pay for the pay period holding ?date= (today when left out): completed visits with planned and worked time (arrived to completed, else the plan), travel, pay, tips received; the admin for anyone, an employee for themselves",
        security: bearer,
        querystring: payReportQuerySchema,
        response: { 200: payReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return payReportFor(deps, currentUser(request), request.query);
    },
  );

  app.get(
    '/pay/report.csv',
    {
      preValidation: staff,
      schema: {
        tags: ['employees'],
        summary:
          'The same pay report as CSV for payroll (UTF-8 with a BOM; one line per visit, per tip, then the total); headers in the language asked for (?lang= or Accept-Language)',
        security: bearer,
        querystring: payReportQuerySchema,
      },
    },
    async (request, reply) => {
      const report = await payReportFor(deps, currentUser(request), request.query);
      const locale = request.query.lang ?? pickLocale(request.headers['accept-language']);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${payCsvFileName(report.period, report.employee.id)}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(payReportCsv(report, locale));
    },
  );

  done();
};
