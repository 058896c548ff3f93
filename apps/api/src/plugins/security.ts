import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { LOGOUT_SCRIPT } from '../modules/auth/pages.ts';

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * Security headers on every response, with a Content-Security-Policy that allows only what the app uses:
 * its own scripts (plus the one inline script of the sign-out page, by hash), inline styles (Mantine sets
 * CSS variables inline), images from itself and data: URLs (image previews), and connections to itself
 * and to the external identity provider when one is configured.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig }) => {
    const { auth } = options.config;
    const issuerOrigin = new URL(auth.issuer).origin;
    const connect = ["'self'", ...(auth.mode === 'external' ? [issuerOrigin] : [])];
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", hashOf(LOGOUT_SCRIPT)],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: connect,
          formAction: ["'self'", ...auth.webOrigins, ...(auth.mode === 'external' ? [issuerOrigin] : [])],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          ...(options.config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: options.config.publicUrl.startsWith('https://')
        ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'security' },
);
