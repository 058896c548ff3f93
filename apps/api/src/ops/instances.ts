import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { instances } from '../db/schema/index.ts';
import type { Db } from '../db/transaction.ts';

/**
 * Several instances on one database (decision 031). Everything they share lives in PostgreSQL (sign-in
 * state and keys, the read cache's invalidations, rate limits, jobs); what cannot live there is each
 * process's configuration. The settings below decide what a request means (who signed a token, which
 * times are free, what a visit costs, what an email says), so two instances that disagree on one answer
 * the same request differently. A start compares them with the instances alive on the database and stops
 * with a message naming each variable that differs.
 */

/** Each instance writes its row this often. */
export const HEARTBEAT_MS = 10_000;
/** A row not written for this long is an instance that is gone (stopped without a word, or killed). */
export const ALIVE_SECONDS = 30;

const fingerprint = (secret: string | undefined) =>
  secret === undefined
    ? '(unset)'
    : `fingerprint ${createHash('sha256').update(secret).digest('hex').slice(0, 12)}`;

const shown = (value: string | number | undefined) => (value === undefined ? '(unset)' : String(value));

/** The variables every instance must share, with this configuration's value of each (secrets fingerprinted). */
export function sharedSettings(config: AppConfig): Record<string, string> {
  return {
    PUBLIC_URL: config.publicUrl,
    OIDC_ISSUER: config.auth.issuer,
    OIDC_AUDIENCE: config.auth.audience,
    OIDC_CLIENT_ID: config.auth.clientId,
    OIDC_SCOPE: config.auth.scope,
    OIDC_EMAIL_CLAIM: config.auth.emailClaim,
    OIDC_PERMISSIONS_CLAIM: config.auth.permissionsClaim,
    OIDC_ACCESS_TOKEN_TTL: shown(config.auth.accessTokenTtl),
    BUSINESS_TIMEZONE: config.businessTimeZone,
    BUSINESS_LOCALE: config.businessLocale,
    BRAND_NAME: config.brandName,
    CONTACT_TO: config.contactTo,
    SLOT_CAPACITY: shown(config.slotCapacity),
    BUFFER_MINUTES: shown(config.bufferMinutes),
    MIN_NOTICE_HOURS: shown(config.minNoticeHours),
    CHANGE_CUTOFF_HOURS: shown(config.changeCutoffHours),
    MAX_OPEN_VISITS: shown(config.maxOpenVisits),
    BOOKING_HORIZON_DAYS: shown(config.bookingHorizonDays),
    RECURRING_HORIZON_WEEKS: shown(config.recurringHorizonWeeks),
    REMINDER_HOURS: config.reminderHours.length === 0 ? 'off' : config.reminderHours.join(','),
    MAIL_FROM: config.mail.from,
    SMTP_URL: fingerprint(config.mail.smtpUrl),
    METRICS_TOKEN: fingerprint(config.metricsToken),
    BACKUP_KEEP: shown(config.backup.keep),
    // Whichever instance runs the daily backup, it is encrypted the same way. Not even a fingerprint of
    // the passphrase is recorded: a fast hash of it would let a guesser skip the slow scrypt of age.
    BACKUP_PASSPHRASE: config.backup.passphrase ? 'set' : 'unset',
    BACKUP_RECIPIENT: config.backup.recipients.join(','),
    // Whether a visit is paid, and how, is the same whichever instance answers (issue 29).
    PAYMENTS: config.payments ?? 'unset',
    PAYMENT_HOLD_HOURS: shown(config.paymentHoldHours),
    LATE_CANCELLATION:
      config.lateCancellationFeeCents === null ? 'call-us' : `fee:${config.lateCancellationFeeCents}`,
    STRIPE_SECRET_KEY: fingerprint(config.stripe.secretKey),
    STRIPE_WEBHOOK_SECRET: fingerprint(config.stripe.webhookSecret),
    // Every instance seals and opens access notes with the same key (decision 065).
    ACCESS_NOTES_KEY: fingerprint(config.accessNotes.key),
  };
}

export type SettingDifference = { name: string; here: string; there: string };

/** The shared settings whose values differ, in the order of `sharedSettings`. */
export function settingDifferences(
  here: Record<string, string>,
  there: Record<string, string>,
): SettingDifference[] {
  return Object.keys(here)
    .filter((name) => name in there && here[name] !== there[name])
    .map((name) => ({ name, here: here[name] ?? '', there: there[name] ?? '' }));
}

type Peer = { host: string; pid: string; startedAt: Date };

/** This process as it records itself. */
export type Instance = { id: string; host: string; pid: string; settings: Record<string, string> };

export class InstanceSettingsError extends Error {
  override name = 'InstanceSettingsError';
  readonly differences: SettingDifference[];
  constructor(differences: SettingDifference[], peer: Peer) {
    super(
      [
        `This instance's settings differ from those of an instance already running on this database ` +
          `(${peer.host}, process ${peer.pid}, started ${peer.startedAt.toISOString()}):`,
        ...differences.map(({ name, here, there }) => `  - ${name} is ${here} here and ${there} there`),
        'Every instance on one database must share these settings. Give this one the same values, or stop',
        'every instance before changing them (see "Several instances" in the README).',
      ].join('\n'),
    );
    this.differences = differences;
  }
}

/** Whether a process of this machine runs under that id (one of another user's answers EPERM: it runs). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An instance recorded from this machine whose process is no longer there (killed, then this one started in
 * its place, possibly under the same process id in a container) is gone without waiting for its row to age.
 */
function isGone(peer: Peer, me: Instance): boolean {
  if (peer.host !== me.host) return false;
  const pid = Number(peer.pid);
  return peer.pid === me.pid || !Number.isInteger(pid) || pid <= 0 || !processRuns(pid);
}

/**
 * Joins the instances of the database: in one transaction under an advisory lock (two starts at once take
 * turns), compares the shared settings with each instance seen in the last `ALIVE_SECONDS` (but those of this
 * machine whose process is gone), then writes this one's row. Throws `InstanceSettingsError` (writing nothing) when a setting differs. Rows of
 * instances gone for a day are removed on the way.
 */
export async function joinInstances(db: Db, me: Instance): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('eclat.instances'))`);
    await tx.delete(instances).where(lt(instances.seenAt, sql`now() - interval '1 day'`));
    const alive = await tx
      .select()
      .from(instances)
      .where(
        and(
          ne(instances.id, me.id),
          gt(instances.seenAt, sql`now() - make_interval(secs => ${ALIVE_SECONDS})`),
        ),
      )
      .orderBy(instances.startedAt);
    for (const peer of alive.filter((row) => !isGone(row, me))) {
      const differences = settingDifferences(me.settings, peer.settings);
      if (differences.length > 0) throw new InstanceSettingsError(differences, peer);
    }
    await tx.insert(instances).values(me);
  });
}

/** This instance is still here (written again if a restore emptied the table meanwhile). */
export async function heartbeat(db: Db, me: Instance): Promise<void> {
  await db
    .insert(instances)
    .values(me)
    .onConflictDoUpdate({ target: instances.id, set: { seenAt: sql`now()` } });
}

/** The instances seen in the last `ALIVE_SECONDS`. */
export async function countAliveInstances(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(instances)
    .where(gt(instances.seenAt, sql`now() - make_interval(secs => ${ALIVE_SECONDS})`));
  return row?.count ?? 0;
}

/**
 * The server process's membership (`npm start`; test apps built in one process do not join): joins at
 * start, writes its row every `HEARTBEAT_MS`, removes it on close, before the database pool ends.
 */
export const instancesPlugin = fp(
  async (app: FastifyInstance, { config }: { config: AppConfig }) => {
    const me: Instance = {
      id: randomUUID(),
      host: os.hostname(),
      pid: String(process.pid),
      settings: sharedSettings(config),
    };
    await joinInstances(app.db, me);
    const timer = setInterval(() => {
      heartbeat(app.db, me).catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not record this instance as alive');
      });
    }, HEARTBEAT_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await app.db
        .delete(instances)
        .where(eq(instances.id, me.id))
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'could not remove this instance from the database');
        });
    });
  },
  { name: 'instances', dependencies: ['db'] },
);
