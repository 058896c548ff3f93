import { sql } from 'drizzle-orm';
import type { Db } from '../../db/transaction.ts';
import {
  clearHits,
  clearHitsStartingWith,
  lockedUntil,
  recordGrowingHit,
  recordHit,
  RULES,
  type GrowingRule,
} from '../../plugins/throttle.ts';

/**
 * Wrong passwords for one email from one address: from the third, the pair waits 2 s, then 4 s, 8 s ... up
 * to 15 minutes before its next attempt is even checked; a day without failure starts the count over
 * (decision 011).
 */
export const PAIR_RULE: GrowingRule = {
  waitFrom: 3,
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  memorySeconds: 24 * 60 * 60,
};

/** One sign-in attempt: the email as typed (known or not) and the client address. */
export type SignInAttempt = { email: string; address: string };

export type SignInOutcome =
  { kind: 'ok'; userId: string } | { kind: 'refused' } | { kind: 'wait'; retryAfterSeconds: number };

const pairPrefix = (email: string) => `login-pair:${email.trim().toLowerCase()}|`;
// The address comes last: it never holds `|`, so a typed email cannot forge another pair's key.
const pairKey = ({ email, address }: SignInAttempt) => `${pairPrefix(email)}${address}`;
const addressKey = ({ address }: SignInAttempt) => `login-ip:${address}`;

const secondsUntil = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));

/**
 * Runs one sign-in attempt under the throttle, inside the caller's transaction. Attempts from one address
 * take turns (an advisory lock), so a parallel burst gets no more tries than one at a time. While the pair or
 * the address must wait, `check` is not even called. A failure (unknown email or wrong password, counted the
 * same) moves the pair's wait and the address's count; a success clears the pair only: signing in to one's
 * own account never wipes an address's count of failures on others.
 *
 * `check` answers the account id when the email and password match, else null.
 */
export async function attemptSignIn(
  db: Db,
  attempt: SignInAttempt,
  check: () => Promise<string | null>,
): Promise<SignInOutcome> {
  const pair = pairKey(attempt);
  const address = addressKey(attempt);
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${address}))`);
  const waiting = await lockedUntil(db, [pair, address]);
  if (waiting) return { kind: 'wait', retryAfterSeconds: secondsUntil(waiting) };

  const userId = await check();
  if (userId) {
    await clearHits(db, pair);
    return { kind: 'ok', userId };
  }
  // Each count is one atomic upsert that answers the new wait: no read after the write.
  const [pairWait, isAddressLocked] = await Promise.all([
    recordGrowingHit(db, pair, PAIR_RULE),
    recordHit(db, address, RULES.ip),
  ]);
  const seconds = Math.max(pairWait ? secondsUntil(pairWait) : 0, isAddressLocked ? RULES.ip.lockSeconds : 0);
  return seconds > 0 ? { kind: 'wait', retryAfterSeconds: seconds } : { kind: 'refused' };
}

/** After a password reset: every wait on this account's email, from every address, ends. */
export async function clearSignInWaitsOf(db: Db, email: string): Promise<void> {
  await clearHitsStartingWith(db, pairPrefix(email));
}
