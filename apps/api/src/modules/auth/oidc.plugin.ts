import type { IncomingMessage, ServerResponse } from 'node:http';
import formbody from '@fastify/formbody';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { loadAuthKeys } from './keys.ts';
import { interactionRoutes } from './interactions.routes.ts';
import { deleteExpiredOidcPayloads } from './oidc-adapter.ts';
import { sendPasswordResetLink } from './password-reset.ts';
import { createProvider } from './provider.ts';

const HOUR = 60 * 60 * 1000;

/**
 * The embedded OpenID Connect provider, mounted at /oidc (skipped when OIDC_ISSUER names an external one).
 * Its account pages (/oidc/interaction/..., /oidc/account/...) are ordinary Fastify routes.
 */
export const oidcPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig }) => {
    if (options.config.auth.mode !== 'embedded') {
      app.decorate('authKeys', null);
      return;
    }
    const keys = await loadAuthKeys(app.db);
    app.decorate('authKeys', keys);
    const provider = createProvider(options.config, app.db, keys);
    provider.on('server_error', (_ctx, error: Error) => {
      app.log.error({ message: error.message }, 'identity provider error');
    });

    await app.register(middie, { hook: 'onRequest' });
    const callback = provider.callback();
    app.use('/oidc', (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      const path = req.url ?? '';
      if (path.startsWith('/interaction/') || path.startsWith('/account/')) {
        next();
        return;
      }
      void callback(req, res);
    });

    await app.jobs.handle('password-reset', (request) =>
      sendPasswordResetLink(app.jobs, options.config.publicUrl, request),
    );

    await app.register(async (pages) => {
      await pages.register(formbody, { bodyLimit: 16 * 1024 });
      await pages.register(interactionRoutes, { config: options.config, provider });
    });

    const cleanup = setInterval(() => {
      deleteExpiredOidcPayloads(app.db).catch((error: unknown) => {
        app.log.warn(
          { message: error instanceof Error ? error.message : String(error) },
          'could not clean expired sign-in data',
        );
      });
    }, HOUR);
    cleanup.unref();
    app.addHook('onClose', () => {
      clearInterval(cleanup);
    });
  },
  { name: 'oidc', dependencies: ['db', 'jobs'] },
);
