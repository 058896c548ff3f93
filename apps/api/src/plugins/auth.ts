import type { FastifyRequest } from 'fastify';
import type { Permission } from '@eclat/shared';
import { AppError } from '../lib/app-error.ts';

/**
 * What a route reads of the signed-in caller. The guard that checks the bearer token and fills it is the
 * auth module's (`modules/auth/bearer.plugin.ts`), registered by app.ts: every module reads the caller here.
 */
export type AuthContext = {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Whether the person proved they own `email` (decision 010): only then does it link to records. */
  emailVerified: boolean;
  /** Database roles together with the token's permissions claim. */
  permissions: ReadonlySet<Permission>;
};

export const unauthenticated = (message = 'Sign in to continue.') => new AppError('UNAUTHENTICATED', message);

/** The authenticated user of a request that passed a guard. */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.authContext) throw unauthenticated();
  return request.authContext;
}
