import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';

/**
 * The headers helmet sets with these options, worked out once: they depend on nothing in the request, and
 * building helmet's middleware for every request (as its Fastify plugin does) cost more than the rest of a
 * cached read.
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      headers[name] = '';
    },
  };
  const apply = helmet(options) as unknown as (
    request: object,
    res: typeof response,
    next: (error?: unknown) => void,
  ) => void;
  apply({}, response, (error) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
  });
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
}

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * Security headers on every response (the same for all, computed at start), with a Content-Security-Policy that allows only what the app uses:
 * its own scripts (plus, by hash, the inline scripts app.ts lists: the sign-out page's and the one that
 * starts a pre-rendered page's script, `page-boot.ts`), inline styles (Mantine sets
 * CSS variables inline), images from itself and data: URLs (image previews), and connections to itself
 * and to the external identity provider when one is configured.
 */
export const securityPlugin = fp(
  (
    app: FastifyInstance,
    options: { config: AppConfig; inlineScripts: readonly string[] },
    done: (error?: Error) => void,
  ) => {
    const { auth } = options.config;
    const issuerOrigin = new URL(auth.issuer).origin;
    const connect = ["'self'", ...(auth.mode === 'external' ? [issuerOrigin] : [])];
    const headers = headersOf({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...options.inlineScripts.map(hashOf)],
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
    const entries = Object.entries(headers);
    app.addHook('onRequest', (request, reply, next) => {
      if (request.url.startsWith('/oidc')) {
        // On the raw response, as helmet does: the OpenID provider answers /oidc on it directly.
        for (const [name, value] of entries) reply.raw.setHeader(name, value);
      } else {
        // Every other answer is sent by Fastify, which writes its headers in one go: cheaper than Node's
        // header-by-header API (each header checked when set, then again merged with Fastify's own).
        reply.headers(headers);
      }
      next();
    });
    done();
  },
  { name: 'security' },
);
