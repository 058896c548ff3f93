import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  contactMessageAcceptedSchema,
  contactMessageInputSchema,
  errorBodySchema,
  pickLocale,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { contactMessages } from '../../db/schema/index.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';

/**
 * The contact form: validated, limited per address, stored, and emailed to the business (CONTACT_TO, in
 * BUSINESS_LOCALE, Reply-To the visitor) through the job queue in the same transaction.
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
      const { website, ...message } = request.body;
      if (website) {
        // A robot filled the hidden field: answer as usual, keep and send nothing.
        request.log.info('contact form honeypot filled: message dropped');
        return reply.code(202).send({ status: 'accepted' as const });
      }
      const locale = pickLocale(request.headers['accept-language']);
      await app.jobs.transaction(async (tx) => {
        const [row] = await tx.db
          .insert(contactMessages)
          .values({ ...message, locale })
          .returning({ createdAt: contactMessages.createdAt });
        await tx.enqueue('email', {
          to: config.contactTo,
          locale: config.businessLocale,
          replyTo: message.email,
          message: {
            template: 'contact-message',
            data: { ...message, sentAt: (row?.createdAt ?? new Date()).toISOString() },
          },
        });
      });
      return reply.code(202).send({ status: 'accepted' as const });
    },
  );
  done();
};
