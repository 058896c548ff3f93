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
import type { AppConfig } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import {
  createUser,
  findUserByEmail,
  findUserById,
  rolesOf,
  type UserRecord,
} from '../modules/auth/accounts.repository.ts';
import { toPublicJwk } from '../modules/auth/keys.ts';
import { users } from '../db/schema/index.ts';
import { eq } from 'drizzle-orm';

export type AuthContext = {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Database roles together with the token's permissions claim. */
  permissions: ReadonlySet<Permission>;
};

/** Signature algorithms we accept; `none` and symmetric algorithms never are. */
const ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

function permissionsFrom(claim: unknown): Permission[] {
  if (!Array.isArray(claim)) return [];
  return PERMISSIONS.filter((permission) => claim.includes(permission));
}

const unauthenticated = (message = 'Sign in to continue.') => new AppError('UNAUTHENTICATED', message);

/**
 * Bearer tokens: verified with `jose` against the issuer's keys (the embedded provider's own keys, or the
 * external issuer's JWKS), checking issuer, audience, expiry, not-before and the algorithm. Identity always
 * comes from the verified token; the spec's user-email header is ignored for it.
 */
export const authPlugin = fp(
  (app: FastifyInstance, options: { config: AppConfig }, done: (error?: Error) => void) => {
    const { auth } = options.config;
    let keySet: JWTVerifyGetKey | undefined;

    async function getKeySet(): Promise<JWTVerifyGetKey> {
      if (keySet) return keySet;
      if (auth.mode === 'embedded') {
        if (!app.authKeys) throw new Error('The embedded provider has no keys.');
        keySet = createLocalJWKSet({ keys: app.authKeys.signing.map(toPublicJwk) });
      } else {
        const discovery = await fetch(
          new URL('.well-known/openid-configuration', `${auth.issuer.replace(/\/$/, '')}/`),
        );
        if (!discovery.ok) throw new Error(`OpenID discovery failed for ${auth.issuer}: ${discovery.status}`);
        const { jwks_uri: jwksUri } = (await discovery.json()) as { jwks_uri?: string };
        if (!jwksUri) throw new Error(`The issuer ${auth.issuer} publishes no jwks_uri.`);
        keySet = createRemoteJWKSet(new URL(jwksUri));
      }
      return keySet;
    }

    async function userFor(payload: JWTPayload): Promise<UserRecord> {
      const subject = payload.sub;
      if (!subject) throw unauthenticated('The token has no subject.');
      const emailClaim = payload[auth.emailClaim];
      const email = typeof emailClaim === 'string' ? emailClaim : undefined;
      if (auth.mode === 'embedded') {
        const user = await findUserById(app.db, subject);
        if (!user) throw unauthenticated('The account no longer exists.');
        return user;
      }
      // External provider: our account is found by subject, else linked by email, else created (customer).
      const [bySubject] = await app.db
        .select()
        .from(users)
        .where(eq(users.externalSubject, subject))
        .limit(1);
      if (bySubject) return bySubject;
      if (!email) throw unauthenticated('The token carries no email claim.');
      const byEmail = await findUserByEmail(app.db, email);
      if (byEmail) {
        await app.db.update(users).set({ externalSubject: subject }).where(eq(users.id, byEmail.id));
        return byEmail;
      }
      return createUser(app.db, {
        email,
        passwordHash: null,
        firstName: '',
        lastName: '',
        externalSubject: subject,
      });
    }

    async function authenticate(request: FastifyRequest): Promise<AuthContext> {
      if (request.authContext) return request.authContext;
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw unauthenticated();
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(match[1], await getKeySet(), {
          issuer: auth.issuer,
          audience: auth.audience,
          algorithms: ALGORITHMS,
          clockTolerance: 5,
          requiredClaims: ['exp', 'sub'],
        }));
      } catch (error) {
        request.log.info({ reason: error instanceof Error ? error.name : 'unknown' }, 'token refused');
        throw unauthenticated('The access token is missing, expired or not valid.');
      }
      const user = await userFor(payload);
      const permissions = new Set<Permission>([
        ...(await rolesOf(app.db, user.id)),
        ...permissionsFrom(payload[auth.permissionsClaim]),
      ]);
      const context: AuthContext = {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
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

/** The authenticated user of a request that passed a guard. */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.authContext) throw unauthenticated();
  return request.authContext;
}
