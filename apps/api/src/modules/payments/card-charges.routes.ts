import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  addTipBodySchema,
  appointmentIdParamsSchema,
  lateCancellationPolicySchema,
  serviceDepositSchema,
  serviceIdParamsSchema,
  visitPaymentsSchema,
  type LateCancellationPolicy,
} from '@eclat/shared';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import { cardPaymentsOff } from './card.service.ts';
import { saveServiceDeposit, serviceDepositOf, tipByCard } from './card-charges.ts';
import type { PaymentsDeps } from './payments.service.ts';

/**
 * The customer's tip by card and the late-cancellation policy (issue 29, decision 057). The rules are in
 * `card-charges.ts`: these parse, call and answer.
 */
export const cardChargesRoutes: FastifyPluginCallbackZod<{
  deps: Omit<PaymentsDeps, 'db' | 'jobs'>;
  /** `LATE_CANCELLATION_FEE_CENTS` with `LATE_CANCELLATION=fee`; null: "call us". */
  lateCancellationFeeCents: number | null;
}> = (app, options, done) => {
  const customerOnly = app.requireAnyPermission('customer');
  const adminOnly = app.requireAnyPermission('admin');
  const deps: PaymentsDeps = { db: app.db, jobs: app.jobs, ...options.deps };
  const policy: LateCancellationPolicy = lateCancellationPolicyOf(
    deps.provider.mode,
    options.lateCancellationFeeCents,
  );

  app.get(
    '/settings/late-cancellation',
    {
      schema: {
        tags: ['payments'],
        summary:
          'What a customer’s cancel inside CHANGE_CUTOFF_HOURS does: call-us (refused, the default) or fee (allowed; the fee before tax, charged to the card on file or recorded as owed)',
        response: { 200: lateCancellationPolicySchema },
      },
    },
    () => policy,
  );

  app.post(
    '/appointments/:appointmentId/tips',
    {
      preValidation: customerOnly,
      schema: {
        tags: ['payments'],
        summary:
          'Add a tip to your own visit once it is completed (PAYMENTS=stripe): charged to your card on file, shared by the visit’s cleaners, with a receipt. TIP_NOT_COMPLETED (a cancelled visit, or one not completed yet), NO_CARD_ON_FILE, CARD_DECLINED (402). The same idempotencyKey again charges nothing more.',
        security: bearer,
        params: appointmentIdParamsSchema,
        body: addTipBodySchema,
        response: { 201: visitPaymentsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { card } = deps;
      if (!card) throw cardPaymentsOff();
      const { appointmentId } = request.params;
      const payments = await tipByCard({ ...deps, card }, currentUser(request), appointmentId, request.body);
      request.log.info({ appointmentId }, 'tip charged');
      return reply.code(201).send(payments);
    },
  );

  app.get(
    '/admin/services/:serviceId/deposit',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['payments'],
        summary:
          'The deposit a booking of this service takes at booking with PAYMENTS=stripe (admin): a percent of the visit’s total or a fixed amount, or null',
        security: bearer,
        params: serviceIdParamsSchema,
        response: { 200: serviceDepositSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return serviceDepositOf(deps, request.params.serviceId);
    },
  );

  app.put(
    '/admin/services/:serviceId/deposit',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['payments'],
        summary:
          'Set or remove (null) the service’s deposit (admin): percent 1–100 of the visit’s total with taxes, or fixed cents from 50. Taken at booking from the card on file (PAYMENTS=stripe); refunded by the admin on a cancelled visit (it shows as a refund due).',
        security: bearer,
        params: serviceIdParamsSchema,
        body: serviceDepositSchema,
        response: { 200: serviceDepositSchema, ...errors },
      },
    },
    async (request) => saveServiceDeposit(deps, request.params.serviceId, request.body),
  );

  done();
};

/** The policy as the screens see it: a fee only where payments are on (else the spec's "call us"). */
export function lateCancellationPolicyOf(
  mode: PaymentsDeps['provider']['mode'],
  feeCents: number | null,
): LateCancellationPolicy {
  return mode !== 'off' && feeCents !== null
    ? { policy: 'fee', feeCents }
    : { policy: 'call-us', feeCents: null };
}
