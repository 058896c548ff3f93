import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/transaction.ts';
import { authThrottle } from '../db/schema/index.ts';

export type ThrottleRule = { maxFailures: number; windowSeconds: number; lockSeconds: number };

/** Sign-in: 5 wrong passwords for one account, or 20 from one address, within 15 minutes lock for 15 minutes. */
export const RULES = {
  account: { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  ip: { maxFailures: 20, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  /** Account creations and reset requests: 30 an hour from one address. */
  registrations: { maxFailures: 30, windowSeconds: 60 * 60, lockSeconds: 60 * 60 },
  /** Reset emails: 3 an hour to one address. */
  resetEmails: { maxFailures: 3, windowSeconds: 60 * 60, lockSeconds: 60 * 60 },
} satisfies Record<string, ThrottleRule>;

/** True when the key is locked now. */
export async function isLocked(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ lockedUntil: authThrottle.lockedUntil })
    .from(authThrottle)
    .where(eq(authThrottle.key, key));
  return Boolean(row?.lockedUntil && row.lockedUntil > new Date());
}

/**
 * Counts one event (a failure, or a use of a limited action) for the key, atomically; locks the key when
 * the rule's count is reached within its window. Returns whether the key is now locked.
 */
export async function recordHit(db: Db, key: string, rule: ThrottleRule): Promise<boolean> {
  const result = await db.execute<{ locked: boolean }>(sql`
    insert into ${authThrottle} (key, failures, window_started_at, locked_until)
    values (${key}, 1, now(), case when 1 >= ${rule.maxFailures} then now() + make_interval(secs => ${rule.lockSeconds}) end)
    on conflict (key) do update set
      failures = case when ${authThrottle.windowStartedAt} < now() - make_interval(secs => ${rule.windowSeconds})
                      then 1 else ${authThrottle.failures} + 1 end,
      window_started_at = case when ${authThrottle.windowStartedAt} < now() - make_interval(secs => ${rule.windowSeconds})
                      then now() else ${authThrottle.windowStartedAt} end,
      locked_until = case when (case when ${authThrottle.windowStartedAt} < now() - make_interval(secs => ${rule.windowSeconds})
                                     then 1 else ${authThrottle.failures} + 1 end) >= ${rule.maxFailures}
                          then now() + make_interval(secs => ${rule.lockSeconds})
                          else ${authThrottle.lockedUntil} end
    returning (locked_until is not null and locked_until > now()) as locked`);
  return result.rows[0]?.locked ?? false;
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}
