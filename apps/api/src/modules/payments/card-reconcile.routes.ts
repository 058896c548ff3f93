import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errors } from '../../lib/route-docs.ts';
import { cardPaymentsOff } from './card.service.ts';
import { DISCREPANCY_KINDS, listDiscrepancies } from './card-reconcile.ts';

const discrepanciesSchema = z.array(
  z.object({
    id: z.uuid(),
    kind: z.enum(DISCREPANCY_KINDS),
    providerObjectId: z.string(),
    appointmentId: z.uuid().nullable(),
    cents: z.number().int().nullable(),
    detail: z.string(),
    repaired: z.boolean(),
    foundAt: z.iso.datetime({ offset: true }),
  }),
);

/** What the reconciliation found (PAYMENTS=stripe, decision 058), for the office. */
export const cardReconcileRoutes: FastifyPluginCallbackZod<{ cardsTaken: boolean }> = (
  app,
  options,
  done,
) => {
  app.get(
    '/payments/discrepancies',
    {
      preValidation: app.requireAnyPermission('admin'),
      schema: {
        tags: ['payments'],
        summary:
          'What the daily reconciliation with Stripe found (PAYMENTS=stripe): the 100 latest differences, newest first, repaired or to look at',
        security: bearer,
        response: { 200: discrepanciesSchema, ...errors },
      },
    },
    async (_request, reply) => {
      if (!options.cardsTaken) throw cardPaymentsOff();
      reply.header('Cache-Control', 'no-store');
      return discrepanciesSchema.parse(await listDiscrepancies(app.db));
    },
  );
  done();
};
