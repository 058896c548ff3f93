import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentIdParamsSchema,
  chargeFeeBodySchema,
  paymentsPolicySchema,
  receiptIdParamsSchema,
  recordPaymentBodySchema,
  refundBodySchema,
  taxSettingsSchema,
  visitPaymentsSchema,
} from '@eclat/shared';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import { chargeFeeWithCard } from './card-charges.ts';
import {
  paymentsPolicy,
  receiptPdfFor,
  recordPayment,
  refund,
  saveTaxSettingsFor,
  taxSettingsFor,
  visitPaymentsFor,
  type PaymentsDeps,
} from './payments.service.ts';

/**
 * Payments (issue 29, decision 048): a visit's money and ledger, the office's records (payments, tips,
 * fees), the admin's refunds and tax settings. `PAYMENTS=off`: every route but the policy answers 404
 * PAYMENTS_OFF. The rules and transactions are in `payments.service.ts`: these parse, call and answer.
 */
export const paymentsRoutes: FastifyPluginCallbackZod<{ deps: Omit<PaymentsDeps, 'db' | 'jobs'> }> = (
  app,
  options,
  done,
) => {
  const signedIn = app.requireAnyPermission('admin', 'employee', 'customer');
  const adminOnly = app.requireAnyPermission('admin');
  const deps: PaymentsDeps = { db: app.db, jobs: app.jobs, ...options.deps };

  app.get(
    '/settings/payments',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Which payments the business takes (PAYMENTS): off, manual (the office records them) or stripe',
        response: { 200: paymentsPolicySchema },
      },
    },
    () => paymentsPolicy(deps.provider),
  );

  app.get(
    '/appointments/:appointmentId/payments',
    {
      preValidation: signedIn,
      schema: {
        tags: ['payments'],
        summary:
          'A visit’s money (price, fees, taxes by the province of its place, paid, tips, refunded, owed) and its ledger, oldest first: the admin, or the visit’s own customer',
        security: bearer,
        params: appointmentIdParamsSchema,
        response: { 200: visitPaymentsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return visitPaymentsFor(deps, currentUser(request), request.params.appointmentId);
    },
  );

  app.post(
    '/appointments/:appointmentId/payments',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['payments'],
        summary:
          'Record money the office received (admin, PAYMENTS=manual): a payment (at most what is owed: PAYMENT_ABOVE_OWED) or a tip, by cash, cheque or Interac e-Transfer. A receipt is issued. The same idempotencyKey again answers the visit’s payments without a second row.',
        security: bearer,
        params: appointmentIdParamsSchema,
        body: recordPaymentBodySchema,
        response: { 201: visitPaymentsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { appointmentId } = request.params;
      const payments = await recordPayment(deps, currentUser(request), appointmentId, request.body);
      request.log.info({ appointmentId, kind: request.body.kind }, 'payment recorded');
      return reply.code(201).send(payments);
    },
  );

  app.post(
    '/appointments/:appointmentId/fees',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['payments'],
        summary:
          'Charge a lockout or late-cancellation fee (admin), before tax: what the visit owes grows by it and its taxes; with PAYMENTS=stripe the fee and its taxes are charged to the card on file (a receipt follows; a declined card leaves it owed, the visit Payment needed). The same idempotencyKey again adds or charges nothing.',
        security: bearer,
        params: appointmentIdParamsSchema,
        body: chargeFeeBodySchema,
        response: { 201: visitPaymentsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { appointmentId } = request.params;
      // With PAYMENTS=stripe the fee is charged to the card on file too (decision 057).
      const payments = await chargeFeeWithCard(deps, currentUser(request), appointmentId, request.body);
      request.log.info({ appointmentId, feeKind: request.body.feeKind }, 'fee charged');
      return reply.code(201).send(payments);
    },
  );

  app.post(
    '/appointments/:appointmentId/refunds',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['payments'],
        summary:
          'Give money back (admin), with a reason: at most what was paid and not yet given back (REFUND_ABOVE_REFUNDABLE). A credit note is issued. The same idempotencyKey again gives nothing back twice.',
        security: bearer,
        params: appointmentIdParamsSchema,
        body: refundBodySchema,
        response: { 201: visitPaymentsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { appointmentId } = request.params;
      const payments = await refund(deps, currentUser(request), appointmentId, request.body);
      request.log.info({ appointmentId }, 'refund recorded');
      return reply.code(201).send(payments);
    },
  );

  app.get(
    '/receipts/:receiptId.pdf',
    {
      preValidation: signedIn,
      schema: {
        tags: ['payments'],
        summary:
          'A receipt or credit note as a PDF, as it was issued, in the customer’s language: the admin, or the visit’s own customer',
        security: bearer,
        params: receiptIdParamsSchema,
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await receiptPdfFor(deps, currentUser(request), request.params.receiptId);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/admin/settings/taxes',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['payments'],
        summary:
          'The tax settings (admin): the legal name and tax numbers receipts carry, the home province, every province’s taxes (defaults: Ontario HST 13 %, Québec GST 5 % + QST 9.975 %)',
        security: bearer,
        response: { 200: taxSettingsSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return taxSettingsFor(deps);
    },
  );

  app.put(
    '/admin/settings/taxes',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['payments'],
        summary:
          'Save the tax settings (admin); a province left out keeps its default taxes. Rates are in thousandths of a percent (13 % is 13000).',
        security: bearer,
        body: taxSettingsSchema,
        response: { 200: taxSettingsSchema, ...errors },
      },
    },
    async (request) => saveTaxSettingsFor(deps, request.body),
  );

  done();
};
