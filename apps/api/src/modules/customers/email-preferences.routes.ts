import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emailPreferencesSchema, LOCALES, pickLocale, type Locale } from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { notFound } from '../../lib/app-error.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import { pageContextOf, unsubscribePage, type PageContext } from '../auth/pages.ts';
import {
  isUnsubscribeLink,
  myEmailPreferences,
  setMyEmailPreferences,
  unsubscribe,
  type EmailPreferencesDeps,
} from './email-preferences.service.ts';
import { UNSUBSCRIBE_PATH, unsubscribeUrl } from './unsubscribe-link.ts';

const unsubscribeQuery = z.object({
  token: z.string().max(100).optional(),
  lang: z.enum(LOCALES).optional(),
});

/**
 * A customer's email preferences (issue 15): reminders and feedback requests may be turned off, from
 * the profile or by the one-click link every such email carries (`List-Unsubscribe`, RFC 8058).
 */
export const emailPreferencesRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  // The unsubscribe form and the one-click POST (`List-Unsubscribe=One-Click`) are form-encoded.
  await app.register(formbody, { bodyLimit: 1024 });
  const signedIn = app.requireAnyPermission('admin', 'employee', 'customer');
  const deps: EmailPreferencesDeps = { db: app.db };

  app.get(
    '/customers/me/email-preferences',
    {
      preValidation: signedIn,
      schema: {
        tags: ['customers'],
        summary: 'My email preferences: reminders and feedback requests on or off',
        security: bearer,
        response: { 200: emailPreferencesSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return myEmailPreferences(deps, currentUser(request));
    },
  );

  app.put(
    '/customers/me/email-preferences',
    {
      preValidation: signedIn,
      schema: {
        tags: ['customers'],
        summary: 'Turn my reminders and feedback requests on or off',
        security: bearer,
        body: emailPreferencesSchema,
        response: { 200: emailPreferencesSchema, ...errors },
      },
    },
    async (request) => {
      return setMyEmailPreferences(deps, currentUser(request), request.body.optionalEmails);
    },
  );

  function page(
    request: FastifyRequest,
    reply: FastifyReply,
    locale: Locale,
    html: (ctx: PageContext) => string,
    status = 200,
  ) {
    const ctx = pageContextOf(request.url, locale, config);
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(html(ctx));
  }

  app.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags: ['customers'],
        summary: 'The unsubscribe page of an optional email: asks before it turns anything off',
        querystring: unsubscribeQuery,
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const locale = request.query.lang ?? pickLocale(request.headers['accept-language']);
      const valid = await isUnsubscribeLink(deps, token);
      return page(request, reply, locale, (ctx) =>
        valid && token
          ? unsubscribePage(ctx, { step: 'ask', action: unsubscribeUrl(config.publicUrl, token) })
          : unsubscribePage(ctx, { step: 'invalid' }),
      );
    },
  );

  app.post(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags: ['customers'],
        summary:
          "Turn off reminders and feedback requests for the customer of the link (one-click, RFC 8058, or the page's button)",
        querystring: unsubscribeQuery,
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const locale = request.query.lang ?? pickLocale(request.headers['accept-language']);
      const done = await unsubscribe(deps, token);
      if (!done) {
        // A link that stopped working (its customer's email changed since, which gives a new secret) is
        // the "not valid" page for a browser (the page's button); a wrong one is an API error otherwise.
        if ((request.headers.accept ?? '').includes('text/html')) {
          return page(request, reply, locale, (ctx) => unsubscribePage(ctx, { step: 'invalid' }), 404);
        }
        throw notFound('Unsubscribe link');
      }
      request.log.info('optional emails turned off by an unsubscribe link');
      return page(request, reply, locale, (ctx) => unsubscribePage(ctx, { step: 'done' }));
    },
  );
};
