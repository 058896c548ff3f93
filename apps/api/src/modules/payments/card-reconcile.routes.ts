import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  discrepanciesQuerySchema,
  discrepanciesSchema,
  discrepancySchema,
  resolveDiscrepancyBodySchema,
} from '@eclat/shared';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import { cardPaymentsOff } from './card.service.ts';
import { resolveDiscrepancy } from './card-discrepancies.ts';
import { listDiscrepancies } from './card-reconcile.ts';

const discrepancyParamsSchema = z.object({ discrepancyId: z.uuid() });

/** What the reconciliation found (PAYMENTS=stripe, decision 058), for the office (decision 061). */
export const cardReconcileRoutes: FastifyPluginCallbackZod<{ cardsTaken: boolean }> = (
  app,
  options,
  done,
) => {
  const adminOnly = app.requireAnyPermission('admin');
  app.get(
    '/payments/discrepancies',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['payments'],
        summary:
          'What the daily reconciliation with Stripe found (PAYMENTS=stripe): a page of the differences (from 0), those still to look at first, then newest first',
        security: bearer,
        querystring: discrepanciesQuerySchema,
        response: { 200: discrepanciesSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!options.cardsTaken) throw cardPaymentsOff();
      reply.header('Cache-Control', 'no-store');
      return discrepanciesSchema.parse(await listDiscrepancies(app.db, request.query));
    },
  );
  app.post(
    '/payments/discrepancies/:discrepancyId/resolve',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['payments'],
        summary:
          'The admin marks a difference the reconciliation found as resolved, with a note of what was done (PAYMENTS=stripe); sent again, only the note changes',
        security: bearer,
        params: discrepancyParamsSchema,
        body: resolveDiscrepancyBodySchema,
        response: { 200: discrepancySchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!options.cardsTaken) throw cardPaymentsOff();
      reply.header('Cache-Control', 'no-store');
      return resolveDiscrepancy(
        app.db,
        request.params.discrepancyId,
        currentUser(request).userId,
        request.body,
      );
    },
  );
  done();
};
