import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { PERMISSIONS, type Permission } from '@eclat/shared';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { unauthenticated, type AuthContext } from '../../plugins/auth.ts';
import {
  createUser,
  findUserByEmail,
  findUserById,
  rolesOf,
  type UserRecord,
} from './accounts.repository.ts';
import { toPublicJwk } from './keys.ts';
import { isIssuedAfterCutOff } from './token-epoch.ts';
import { users } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';

/** Signature algorithms we accept; `none` and symmetric algorithms never are. */
const ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

function permissionsFrom(claim: unknown): Permission[] {
  if (!Array.isArray(claim)) return [];
  return PERMISSIONS.filter((permission) => claim.includes(permission));
}

/**
 * Bearer tokens: verified with `jose` against the issuer's keys (the embedded provider's own keys, or the
 * external issuer's JWKS), checking issuer, audience, expiry, not-before and the algorithm. Identity always
 * comes from the verified token; the spec's user-email header is ignored for it.
 */
export const authPlugin = fp(
  (app: FastifyInstance, options: { config: AppConfig }, done: (error?: Error) => void) => {
    const { auth } = options.config;
    let keySet: JWTVerifyGetKey | undefined;

    let userinfoEndpoint: string | undefined;

    /** The external issuer is unreachable: the API is unavailable, the caller is not signed out. */
    const providerDown = (cause: unknown) => {
      app.log.error(
        { message: cause instanceof Error ? cause.message : String(cause) },
        'identity provider unreachable',
      );
      return new AppError(
        'SERVICE_UNAVAILABLE',
        'Sign-in is unavailable right now. Please try again shortly.',
      );
    };

    async function getKeySet(): Promise<JWTVerifyGetKey> {
      if (keySet) return keySet;
      if (auth.mode === 'embedded') {
        if (!app.authKeys) throw new Error('The embedded provider has no keys.');
        keySet = createLocalJWKSet({ keys: app.authKeys.signing.map(toPublicJwk) });
        return keySet;
      }
      let metadata: { jwks_uri?: string; userinfo_endpoint?: string };
      try {
        const discovery = await fetch(
          new URL('.well-known/openid-configuration', `${auth.issuer.replace(/\/$/, '')}/`),
          {
            signal: AbortSignal.timeout(5_000),
          },
        );
        if (!discovery.ok) throw new Error(`OpenID discovery answered ${discovery.status}`);
        metadata = (await discovery.json()) as typeof metadata;
      } catch (error) {
        throw providerDown(error);
      }
      if (!metadata.jwks_uri)
        throw providerDown(new Error(`The issuer ${auth.issuer} publishes no jwks_uri.`));
      userinfoEndpoint = metadata.userinfo_endpoint;
      keySet = createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: 5_000 });
      return keySet;
    }

    /** Whether the provider vouches for the email: the token's claim, else its userinfo endpoint. */
    async function isEmailVerified(payload: JWTPayload, token: string, email: string): Promise<boolean> {
      if (typeof payload.email_verified === 'boolean') return payload.email_verified;
      if (!userinfoEndpoint) return false;
      try {
        const res = await fetch(userinfoEndpoint, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(5_000),
        });
        if (!res.ok) return false;
        const info = (await res.json()) as { email?: unknown; email_verified?: unknown };
        return (
          info.email_verified === true &&
          typeof info.email === 'string' &&
          info.email.toLowerCase() === email.toLowerCase()
        );
      } catch {
        return false;
      }
    }

    async function userFor(payload: JWTPayload, token: string): Promise<UserRecord> {
      const subject = payload.sub;
      if (!subject) throw unauthenticated('The token has no subject.');
      const emailClaim = payload[auth.emailClaim];
      const email = typeof emailClaim === 'string' ? emailClaim.trim() : undefined;
      if (auth.mode === 'embedded') {
        const user = await findUserById(app.db, subject);
        if (!user) throw unauthenticated('The account no longer exists.');
        return user;
      }
      // External provider: our account is found by subject; else an existing account is linked by email
      // only when the provider has verified that email and the account is not linked to someone else;
      // else a new customer account is created.
      const bySubject = async () =>
        (await app.db.select().from(users).where(eq(users.externalSubject, subject)).limit(1))[0];
      const known = await bySubject();
      if (known) {
        // The provider may vouch for the address later (the person verified it there): record it then.
        const sameEmail = email?.toLowerCase() === known.email.toLowerCase();
        if (known.emailVerifiedAt || !email || !sameEmail || !(await isEmailVerified(payload, token, email)))
          return known;
        const emailVerifiedAt = new Date();
        await app.db.update(users).set({ emailVerifiedAt }).where(eq(users.id, known.id));
        return { ...known, emailVerifiedAt };
      }
      if (!email || !z.email().safeParse(email).success)
        throw unauthenticated('The token carries no usable email claim.');
      const byEmail = await findUserByEmail(app.db, email);
      if (byEmail) {
        if (byEmail.externalSubject || !(await isEmailVerified(payload, token, email))) {
          throw new AppError(
            'FORBIDDEN',
            'This email belongs to another account. Verify your email address with your sign-in provider.',
          );
        }
        const emailVerifiedAt = byEmail.emailVerifiedAt ?? new Date();
        await app.db
          .update(users)
          .set({ externalSubject: subject, emailVerifiedAt })
          .where(eq(users.id, byEmail.id));
        return { ...byEmail, externalSubject: subject, emailVerifiedAt };
      }
      try {
        return await createUser(app.db, {
          email,
          passwordHash: null,
          firstName: '',
          lastName: '',
          externalSubject: subject,
          emailVerifiedAt: (await isEmailVerified(payload, token, email)) ? new Date() : null,
        });
      } catch (error) {
        // The same person's parallel first requests: the unique indexes let one create the account.
        const created = await bySubject();
        if (created) return created;
        throw error;
      }
    }

    async function authenticate(request: FastifyRequest): Promise<AuthContext> {
      if (request.authContext) return request.authContext;
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw unauthenticated();
      const token = match[1];
      const keys = await getKeySet();
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer: auth.issuer,
          audience: auth.audience,
          algorithms: ALGORITHMS,
          clockTolerance: 5,
          requiredClaims: ['exp', 'sub'],
        }));
      } catch (error) {
        const isFetchFailure =
          error instanceof Error && /JWKS|fetch|timed? ?out|ECONN/i.test(`${error.name} ${error.message}`);
        if (auth.mode === 'external' && isFetchFailure) throw providerDown(error);
        request.log.info({ reason: error instanceof Error ? error.name : 'unknown' }, 'token refused');
        throw unauthenticated('The access token is missing, expired or not valid.');
      }
      const user = await userFor(payload, token);
      // Signed out everywhere (a password reset, or on request) after this token was issued. The cut-off comes
      // with the account row the guard loads anyway: no extra query.
      if (!isIssuedAfterCutOff(payload.iat, user.tokensValidAfter)) {
        request.log.info(
          { userId: user.id },
          'token refused: issued before the account signed out everywhere',
        );
        throw unauthenticated('This access token was revoked. Please sign in again.');
      }
      // Embedded: our database is the only source of roles, so a removed role stops working at once.
      // External: the provider may also grant permissions in its claim (decision 005).
      const fromClaim = auth.mode === 'external' ? permissionsFrom(payload[auth.permissionsClaim]) : [];
      const permissions = new Set<Permission>([...(await rolesOf(app.db, user.id)), ...fromClaim]);
      const context: AuthContext = {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        emailVerified: user.emailVerifiedAt !== null,
        permissions,
      };
      request.authContext = context;
      return context;
    }

    app.decorateRequest('authContext', null);
    app.decorate('optionalUser', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return null;
      try {
        return await authenticate(request);
      } catch {
        return null; // a public endpoint answers as for anyone when the token is not valid
      }
    });
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('Cache-Control', 'no-store');
      await authenticate(request);
    });
    app.decorate('requireAnyPermission', (...required: Permission[]) => {
      return async (request: FastifyRequest, reply: FastifyReply) => {
        reply.header('Cache-Control', 'no-store');
        const context = await authenticate(request);
        if (!required.some((permission) => context.permissions.has(permission))) {
          throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
        }
      };
    });
    done();
  },
  { name: 'auth', dependencies: ['db'] },
);
