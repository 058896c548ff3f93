import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authConfigSchema,
  authUserSchema,
  userListQuerySchema,
  EMPLOYEE_ROLE_ID,
  errorBodySchema,
  meSchema,
  roleChangeInputSchema,
  userIdParamsSchema,
  userPermissionSchema,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findUserById, findUsers, grantRoles, revokeRoles, rolesOf } from './accounts.repository.ts';
import { keysetPage } from '../../lib/keyset.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { signOutEverywhere } from './token-epoch.ts';

/**
 * Sign-in configuration for the web app, the current user, and the admin's user-roles API (the spec's
 * `/{idp}/users...` calls, which were open to anyone; here they are admin only).
 */
export const authRoutes: FastifyPluginCallbackZod<{ config: AppConfig }> = (app, { config }, done) => {
  const { auth } = config;

  app.get(
    '/auth/config',
    {
      schema: {
        tags: ['auth'],
        summary: 'How the web app signs people in',
        response: { 200: authConfigSchema },
      },
    },
    () => ({
      authority: auth.issuer,
      clientId: auth.clientId,
      audience: auth.audience,
      scope: auth.scope,
      permissionsClaim: auth.permissionsClaim,
      emailClaim: auth.emailClaim,
      provider: auth.mode,
    }),
  );

  app.get(
    '/auth/me',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: meSchema, 401: errorBodySchema },
      },
    },
    (request) => {
      const user = currentUser(request);
      return {
        userId: user.userId,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        emailVerified: user.emailVerified,
        permissions: [...user.permissions],
      };
    },
  );

  app.post(
    '/auth/sign-out-everywhere',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere',
        description:
          'Every access token of the signed-in account issued so far, this one included, stops working, and ' +
          'with the embedded provider every session and refresh token of the account ends; every private ' +
          'calendar address of the account (calendar-feeds) stops working. Any signed-in ' +
          'account, for itself only.',
        security: bearer,
        response: { 204: z.undefined(), 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      await signOutEverywhere(app.jobs, userId);
      request.log.info({ userId }, 'signed out everywhere');
      return reply.code(204).send();
    },
  );

  const adminOnly = app.requireAnyPermission('admin');

  app.get(
    '/auth/users',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['auth'],
        summary:
          'User accounts in email order (admin): ?q= keeps those whose email or name hold every word (any case, accents ignored); 50 a page by default (?limit=, at most 200), the next page from the Link header (rel="next")',
        security: bearer,
        querystring: userListQuerySchema,
        response: { 200: z.array(authUserSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { q, limit, before } = request.query;
      const rows = await findUsers(app.db, { q, limit: limit + 1, before });
      return keysetPage(request, reply, rows, limit, (row) => ({ key: row.sortKey, id: row.user.id })).map(
        ({ user }) => ({
          user_id: user.id,
          email: user.email,
          first_name: user.firstName,
          last_name: user.lastName,
        }),
      );
    },
  );

  app.get(
    '/auth/users/:userId/permissions',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['auth'],
        summary: "A user's permissions (admin)",
        security: bearer,
        params: userIdParamsSchema,
        response: { 200: z.array(userPermissionSchema), ...errors },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.params.userId);
      if (!user) throw notFound('User');
      return (await rolesOf(app.db, user.id)).map((permission) => ({ permission_name: permission }));
    },
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/auth/users/:userId/roles',
      preValidation: adminOnly,
      schema: {
        tags: ['auth'],
        summary:
          method === 'POST'
            ? 'Give a user the employee role (admin)'
            : 'Take the employee role from a user (admin)',
        description: `Idempotent. The only role id accepted is the employee role, ${EMPLOYEE_ROLE_ID}.`,
        security: bearer,
        params: userIdParamsSchema,
        body: roleChangeInputSchema,
        response: { 204: z.undefined(), ...errors },
      },
      handler: async (request, reply) => {
        if (request.body.roleId !== EMPLOYEE_ROLE_ID) {
          throw new AppError('VALIDATION_ERROR', 'Only the employee role can be assigned or removed here.', [
            { path: 'body.roleId', message: 'Only the employee role id is accepted.' },
          ]);
        }
        const user = await findUserById(app.db, request.params.userId);
        if (!user) throw notFound('User');
        if (method === 'POST') await grantRoles(app.db, user.id, ['employee']);
        else await revokeRoles(app.db, user.id, ['employee']);
        request.log.info(
          { userId: user.id, by: currentUser(request).userId, method },
          'employee role changed',
        );
        return reply.code(204).send();
      },
    });
  }
  done();
};
