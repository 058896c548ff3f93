import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/transaction.ts';
import { authThrottle } from '../db/schema/index.ts';

export type ThrottleRule = { maxFailures: number; windowSeconds: number; lockSeconds: number };

/**
 * A wait that grows with each failure: the failure numbered `waitFrom` makes the key wait `firstDelaySeconds`,
 * each further one doubles it, up to `maxDelaySeconds`; earlier failures cost nothing. The count starts over
 * after `memorySeconds` without a failure.
 */
export type GrowingRule = {
  waitFrom: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  memorySeconds: number;
};

/** Sign-in across accounts: 20 wrong passwords from one address within 15 minutes lock it for 15 minutes. */
export const RULES = {
  ip: { maxFailures: 20, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  /** Account creations and reset requests: 30 an hour from one address. */
  registrations: { maxFailures: 30, windowSeconds: 60 * 60, lockSeconds: 60 * 60 },
  /** Passwords typed to confirm an email address: 5 wrong ones lock that account's confirmation for 15 minutes. */
  verifyPassword: { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
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

/** The latest instant until which any of the keys is locked, or null when none is locked now. */
export async function lockedUntil(db: Db, keys: string[]): Promise<Date | null> {
  const [row] = await db
    .select({ until: sql<Date | null>`max(${authThrottle.lockedUntil})`.mapWith(authThrottle.lockedUntil) })
    .from(authThrottle)
    .where(sql`${inArray(authThrottle.key, keys)} and ${authThrottle.lockedUntil} > clock_timestamp()`);
  return row?.until ?? null;
}

/**
 * Counts one failure under a growing rule, atomically (one upsert), and returns until when the key must now
 * wait (null: it need not). `window_started_at` holds the last failure for these keys. The wait starts when the
 * failure is counted (`clock_timestamp()`), not when the transaction began: a slow password check does not
 * shorten it.
 */
export async function recordGrowingHit(db: Db, key: string, rule: GrowingRule): Promise<Date | null> {
  const failures = sql`case when ${authThrottle.windowStartedAt} < now() - make_interval(secs => ${rule.memorySeconds})
                            then 1 else ${authThrottle.failures} + 1 end`;
  const waitAfter = (count: ReturnType<typeof sql>) => sql`case when ${count} >= ${rule.waitFrom}
      then clock_timestamp() + make_interval(secs => least(${rule.maxDelaySeconds},
             ${rule.firstDelaySeconds} * power(2, least(${count} - ${rule.waitFrom}, 30))))
      end`;
  const result = await db.execute<{ locked_until: string | null }>(sql`
    insert into ${authThrottle} (key, failures, window_started_at, locked_until)
    values (${key}, 1, now(), ${waitAfter(sql`1`)})
    on conflict (key) do update set
      failures = ${failures},
      window_started_at = now(),
      locked_until = ${waitAfter(failures)}
    returning locked_until`);
  const until = result.rows[0]?.locked_until;
  return until ? new Date(until) : null;
}

/** Forgets every key that starts with `prefix` (no pattern characters: an email may hold `_` or `%`). */
export async function clearHitsStartingWith(db: Db, prefix: string): Promise<void> {
  await db.delete(authThrottle).where(sql`starts_with(${authThrottle.key}, ${prefix})`);
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}
