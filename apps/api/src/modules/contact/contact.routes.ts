import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  contactMessageAcceptedSchema,
  contactMessageInputSchema,
  errorBodySchema,
  pickLocale,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { sendContactMessage } from './contact.service.ts';

/**
 * The contact form: validated, limited per address, then stored and emailed to the business
 * (`contact.service.ts`).
 */
export const contactRoutes: FastifyPluginCallbackZod<{ config: AppConfig }> = (app, { config }, done) => {
  app.post(
    '/contact/send',
    {
      preValidation: rateLimit(app.db, 'contact', {
        maxFailures: 5,
        windowSeconds: 10 * 60,
        lockSeconds: 10 * 60,
      }),
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the company',
        body: contactMessageInputSchema,
        response: { 202: contactMessageAcceptedSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const locale = pickLocale(request.headers['accept-language']);
      const outcome = await sendContactMessage({ jobs: app.jobs, config }, request.body, locale);
      // A robot filled the hidden field: answered as usual, nothing kept or sent.
      if (outcome === 'dropped') request.log.info('contact form honeypot filled: message dropped');
      return reply.code(202).send({ status: 'accepted' as const });
    },
  );
  done();
};
