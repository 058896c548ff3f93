import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/transaction.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { users } from '../../db/schema/index.ts';
import { revokeFeedsOfAccount } from './accounts.repository.ts';
import { revokeAllSessionsOf } from './oidc-adapter.ts';

/**
 * Signs an account out everywhere (a password reset, or "sign out everywhere"): every access token issued so
 * far stops working at the API, every session, grant and refresh token at the embedded provider ends, and
 * every private calendar address of the account (its visits' and its jobs': addresses, door codes) stops
 * working; the person makes a new one from their profile.
 *
 * A token's `iat` counts whole seconds, so the cut-off is the next whole second after now: a token issued
 * earlier in this second (iat = this second) is refused; one issued from the next second on is accepted. A
 * new sign-in within the same second is refused too, which a person never meets (signing in again takes
 * longer). The cut-off never moves back (two resets at once).
 */
export async function endEverySessionOf(db: Db, userId: string): Promise<void> {
  const cutOff = new Date((Math.floor(Date.now() / 1000) + 1) * 1000);
  await db
    .update(users)
    .set({ tokensValidAfter: sql`greatest(${users.tokensValidAfter}, ${cutOff.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId));
  await revokeAllSessionsOf(db, userId);
  await revokeFeedsOfAccount(db, userId);
}

/** "Sign out everywhere" of the signed-in account: `endEverySessionOf` in a transaction of its own. */
export async function signOutEverywhere(jobs: Jobs, userId: string): Promise<void> {
  await jobs.transaction(({ db }) => endEverySessionOf(db, userId));
}

/** Whether a token issued at `iat` (seconds) is still honoured for an account whose cut-off is `validAfter`. */
export function isIssuedAfterCutOff(iat: number | undefined, validAfter: Date | null): boolean {
  if (!validAfter) return true;
  return typeof iat === 'number' && iat * 1000 >= validAfter.getTime();
}
