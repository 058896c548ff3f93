import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLocale } from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findUserById } from './accounts.repository.ts';
import {
  sendVerificationEmailAgain,
  VERIFICATION_EMAIL_RULE,
  VERIFICATION_THROTTLE,
} from './email-verification.ts';

/** "Resend": a new verification link for the signed-in account (decision 010). */
export const verificationRoutes: FastifyPluginCallbackZod<{ config: AppConfig }> = (
  app,
  { config },
  done,
) => {
  app.post(
    '/auth/verification-email',
    {
      preValidation: [
        app.requireAnyPermission('admin', 'employee', 'customer'),
        rateLimit(
          app.db,
          VERIFICATION_THROTTLE,
          VERIFICATION_EMAIL_RULE,
          (request) => currentUser(request).userId,
        ),
      ],
      schema: {
        tags: ['auth'],
        summary:
          'Send me a new email verification link (202), in my account’s language; 204 when my email is already verified. A few an hour.',
        security: bearer,
        response: { 202: z.undefined(), 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (user.emailVerified) return reply.code(204).send();
      if (config.auth.mode === 'external')
        throw new AppError('CONFLICT', 'Your email address is verified by your sign-in provider.');
      const account = await findUserById(app.db, user.userId);
      if (!account) throw notFound('Account');
      const locale = isLocale(account.locale) ? account.locale : 'en';
      await sendVerificationEmailAgain(app.jobs, config.publicUrl, account, locale);
      request.log.info({ userId: account.id }, 'verification email sent again');
      return reply.code(202).send();
    },
  );
  done();
};
