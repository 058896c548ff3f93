import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgBoss } from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { FailedJob } from '@eclat/shared';
import type { AppConfig } from '../config.ts';
import { runInTransaction, type Db, type TransactionScope } from '../db/transaction.ts';
import { deliverEmailJob, type SendChecks } from '../jobs/email-worker.ts';
import { deliverTextJob, type TextWorkerDeps } from '../jobs/text-worker.ts';
import { createTexter } from '../sms/texter.ts';
import { QUEUES, type JobPayload, type QueueName } from '../jobs/queues.ts';
import { createMailer } from '../mail/mailer.ts';

export type Transaction = {
  db: Db;
  /** Adds a job in this transaction: it exists only if the transaction commits. */
  enqueue<Q extends QueueName>(queue: Q, payload: JobPayload<Q>): Promise<string>;
};

export type JobsHealth = { workers: 'up' | 'off' } | { workers: 'down'; reason: string };

export type Jobs = {
  /**
   * Are this process's workers working? `off` with JOBS_ENABLED=false; `down` once the queue stopped, or
   * when the email worker is gone or its fetches have failed for STALE_POLLS polls (readiness).
   */
  health(): JobsHealth;
  /** Runs business writes and the jobs they cause in one transaction. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Adds a job on its own (no business write to tie it to). */
  enqueue<Q extends QueueName>(queue: Q, payload: JobPayload<Q>): Promise<string>;
  /**
   * The task that handles each job of a queue, in the workers of any process (retried with backoff).
   * The queue is made either way, so jobs can be added with JOBS_ENABLED=false (another process runs them).
   */
  handle<Q extends 'password-reset'>(
    queue: Q,
    task: (data: z.output<(typeof QUEUES)[Q]>) => Promise<void>,
  ): Promise<void>;
  listFailed(limit?: number): Promise<FailedJob[]>;
  /** How many jobs of a queue ran out of retries and wait for a Retry (the owner's overview). */
  countFailed(queue: QueueName): Promise<number>;
  /** The queue of a job that ran out of retries; undefined for an unknown job or one not failed. */
  findFailedQueue(id: string): Promise<string | undefined>;
  /**
   * Runs a failed job once more (pg-boss `retry`: it gets one more attempt, then the usual backoff is
   * over). False when that queue has no failed job with this id.
   */
  retry(queue: string, id: string): Promise<boolean>;
  /**
   * A task run by one process at the cron times (business time zone; missed runs while every process
   * was down are made up once), in the workers of whichever process takes it. Nothing when JOBS_ENABLED=false.
   * `atStart`: one run more as this process's workers start (what a crash left is done at once).
   */
  every(
    queue: 'series-plan' | 'reminders' | 'backup' | 'payment-holds' | 'payment-reconcile',
    cron: string,
    task: () => Promise<void>,
    options?: {
      atStart?: boolean;
      /**
       * The queue's worker polls every JOB_POLL_SECONDS instead of every minute, so a run asked for a
       * moment (`runOnceAt`) starts within seconds of it.
       */
      onTime?: boolean;
    },
  ): Promise<void>;
  /**
   * One run more of an `every` queue's task at `at` (pg-boss `startAfter`), in the workers of whichever process takes it.
   * `key` names the run: the job's singleton key, and its id is derived from it, so the same run asked
   * twice (by two processes, or by two passes) is queued once. True when this call queued it.
   */
  runOnceAt(queue: 'payment-holds', at: Date, key: string): Promise<boolean>;
};

const ONE_DAY = 24 * 60 * 60;
/** A worker whose fetches have failed for this many of its polls (the database refuses it) is not working. */
const STALE_POLLS = 15;
/**
 * A sending worker tells the queue it is alive this often (half of it, in fact); a job whose worker went
 * silent (killed mid-send) is failed and retried at the next supervision, instead of after its expiry.
 */
const EMAIL_HEARTBEAT_SECONDS = 10;

type FailedRow = {
  id: string;
  name: string;
  data: unknown;
  output: unknown;
  retry_count: number;
  created_on: Date;
  completed_on: Date | null;
};

function summarise(queue: string, data: unknown): string {
  if (queue === 'email') {
    const parsed = QUEUES.email.safeParse(data);
    if (parsed.success) return `${parsed.data.message.template} to ${parsed.data.to}`;
  }
  if (queue === 'text') {
    const parsed = QUEUES.text.safeParse(data);
    if (parsed.success) return `text: ${parsed.data.kind} to ${parsed.data.to}`;
  }
  return queue;
}

/** A job id (a UUID) that depends only on its queue and key: a second send of it is refused by the queue. */
function jobIdOf(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\n${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const failureText = (reason: unknown) => (reason instanceof Error ? reason.message : String(reason));

function errorText(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string')
    return output.message;
  return output === null || output === undefined ? null : JSON.stringify(output).slice(0, 500);
}

/**
 * Background jobs with pg-boss in the same PostgreSQL. Jobs are written in the same transaction as the
 * business write that causes them, retried with exponential backoff, and kept in the `failed` state (30
 * days) when they run out of retries. Workers run in every process unless JOBS_ENABLED=false.
 */
export const jobsPlugin = fp(
  async (
    app: FastifyInstance,
    /** `sendChecks`: what the modules check of their emails before they go out (app.ts passes them in). */
    options: {
      config: AppConfig;
      databaseUrl: string;
      sendChecks: SendChecks;
      /** What the modules check of their texts before they go out (decision 067). */
      textStillTrue: TextWorkerDeps['stillTrue'];
    },
  ) => {
    const { config } = options;
    const boss = new PgBoss({
      connectionString: options.databaseUrl,
      schema: 'pgboss',
      max: 4,
      application_name: 'eclat-jobs',
      supervise: config.jobs.enabled,
      schedule: config.jobs.enabled,
      // A job written by any process wakes the workers of every process at once (PostgreSQL NOTIFY);
      // polling stays as the backstop.
      useListenNotify: config.jobs.enabled,
      // Jobs whose worker stopped sending heartbeats (a killed process) are failed, then retried, by the
      // queue's monitoring: at most once a JOB_MONITOR_SECONDS for all processes, looked for every 10 s.
      superviseIntervalSeconds: Math.min(10, config.jobs.monitorSeconds),
      monitorIntervalSeconds: config.jobs.monitorSeconds,
    });
    boss.on('error', (error: Error) => {
      app.log.error({ message: error.message }, 'job queue error');
    });
    boss.on('warning', (warning: { message: string }) => {
      app.log.warn({ message: warning.message }, 'job queue warning');
    });
    let stopped = false;
    boss.on('stopped', () => {
      stopped = true;
    });
    await boss.start();
    await boss.createQueue('email', {
      retryLimit: config.jobs.emailRetryLimit,
      retryDelay: config.jobs.emailRetryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: 60 * 60,
      expireInSeconds: 120,
      deleteAfterSeconds: 30 * ONE_DAY,
      notify: true,
      heartbeatSeconds: EMAIL_HEARTBEAT_SECONDS,
    });
    await boss.updateQueue('email', {
      retryLimit: config.jobs.emailRetryLimit,
      retryDelay: config.jobs.emailRetryDelaySeconds,
      retryBackoff: true,
      notify: true,
      heartbeatSeconds: EMAIL_HEARTBEAT_SECONDS,
    });

    // Texts (decision 067): retried like email, with backoff; a sender killed mid-send is noticed by its heartbeat.
    const textQueue = {
      retryLimit: config.jobs.emailRetryLimit,
      retryDelay: config.jobs.emailRetryDelaySeconds,
      retryBackoff: true,
      notify: true,
      heartbeatSeconds: EMAIL_HEARTBEAT_SECONDS,
    };
    await boss.createQueue('text', {
      ...textQueue,
      retryDelayMax: 60 * 60,
      expireInSeconds: 120,
      deleteAfterSeconds: 30 * ONE_DAY,
    });
    await boss.updateQueue('text', textQueue);

    const mailer = createMailer(config, app.log);
    const texter = createTexter(config, app.log);
    let emailWorkerId: string | undefined;
    let textWorkerId: string | undefined;
    if (config.jobs.enabled) {
      const deps = {
        db: app.db,
        mailer,
        logger: app.log,
        retryLimit: config.jobs.emailRetryLimit,
        messageIdDomain: new URL(config.publicUrl).hostname,
        sendChecks: options.sendChecks,
        ctx: { brandName: config.brandName, publicUrl: config.publicUrl, timeZone: config.businessTimeZone },
      };
      // A batch of up to EMAIL_CONCURRENCY emails is fetched at once and sent at once; each job is
      // settled on its own (a failure retries that one only).
      emailWorkerId = await boss.work(
        'email',
        {
          pollingIntervalSeconds: config.jobs.pollSeconds,
          // Retries become due without a notification: they are found by this poll.
          notifyPollingIntervalSeconds: config.jobs.pollSeconds,
          batchSize: config.jobs.emailConcurrency,
          perJobResults: true,
          includeMetadata: true,
          // A full batch means more may be waiting: fetch again at once.
          burstWhenBatchFull: true,
        },
        async (batch) => {
          const outcomes = await Promise.allSettled(batch.map((job) => deliverEmailJob(job, deps)));
          return batch.map((job, index) => {
            const outcome = outcomes[index];
            return outcome?.status === 'fulfilled'
              ? { id: job.id, status: 'completed' as const, output: outcome.value }
              : { id: job.id, status: 'failed' as const, output: { message: failureText(outcome?.reason) } };
          });
        },
      );
      app.log.info({ mail: mailer.destination }, 'email worker started');

      const textDeps: TextWorkerDeps = {
        db: app.db,
        texter,
        ctx: { brandName: config.brandName, timeZone: config.businessTimeZone },
        quietHours: config.sms.quietHours,
        statusCallback:
          config.sms.adapter === 'twilio' ? `${config.publicUrl}/api/v1/texts/twilio/status` : undefined,
        logger: app.log,
        retryLimit: config.jobs.emailRetryLimit,
        stillTrue: options.textStillTrue,
      };
      textWorkerId = await boss.work(
        'text',
        {
          pollingIntervalSeconds: config.jobs.pollSeconds,
          notifyPollingIntervalSeconds: config.jobs.pollSeconds,
          includeMetadata: true,
        },
        async ([job]) => {
          if (!job) return;
          const data = QUEUES.text.parse(job.data);
          const outcome = await deliverTextJob({ id: job.id, data, retryCount: job.retryCount }, textDeps);
          // Quiet hours: the same text again at 08:00 (one job per delivery and moment).
          if ('deferredUntil' in outcome) {
            const at = outcome.deferredUntil;
            const key = `${data.deliveryId}@${at.toISOString()}`;
            await boss.send('text', data, { id: jobIdOf('text', key), startAfter: at });
          }
          return outcome;
        },
      );
      app.log.info({ sms: texter.destination }, 'text worker started');
    }

    const wake = () => {
      if (emailWorkerId) boss.notifyWorker(emailWorkerId);
      if (textWorkerId) boss.notifyWorker(textWorkerId);
    };

    const send = async <Q extends QueueName>(queue: Q, payload: JobPayload<Q>, scope?: TransactionScope) => {
      const data = QUEUES[queue].parse(payload);
      const id = await boss.send(queue, data, scope ? { db: scope.executor } : {});
      if (!id) throw new Error(`The ${queue} job was not created.`);
      if (scope) scope.afterCommit(wake);
      else wake();
      return id;
    };

    const jobs: Jobs = {
      health() {
        if (!config.jobs.enabled) return { workers: 'off' };
        if (stopped) return { workers: 'down', reason: 'the job queue has stopped' };
        const email = boss.getWipData().find((worker) => worker.name === 'email');
        if (!email || email.state === 'stopping') return { workers: 'down', reason: 'no email worker' };
        const fetched = email.lastFetchedOn ?? email.createdOn;
        const failing = email.lastErrorOn !== null && email.lastErrorOn > fetched;
        if (failing && Date.now() - fetched > STALE_POLLS * config.jobs.pollSeconds * 1000) {
          return { workers: 'down', reason: 'the email worker cannot fetch its jobs' };
        }
        return { workers: 'up' };
      },
      transaction: (work) =>
        runInTransaction(app.db.$client, (scope) =>
          work({ db: scope.db, enqueue: (queue, payload) => send(queue, payload, scope) }),
        ),
      enqueue: (queue, payload) => send(queue, payload),
      async every(queue, cron, task, { atStart = false, onTime = false } = {}) {
        if (!config.jobs.enabled) return;
        await boss.createQueue(queue, {
          retryLimit: 3,
          retryDelay: 60,
          retryBackoff: true,
          expireInSeconds: 30 * 60,
          deleteAfterSeconds: 7 * ONE_DAY,
        });
        await boss.schedule(queue, cron, {}, { tz: config.businessTimeZone, missed: 'once' });
        // Sent before the worker starts: its first fetch, at once, takes it.
        if (atStart) await boss.send(queue, {});
        const pollingIntervalSeconds = onTime ? config.jobs.pollSeconds : 60;
        await boss.work(queue, { pollingIntervalSeconds, batchSize: 1 }, async () => {
          await task();
        });
      },
      async runOnceAt(queue, at, key) {
        const id = await boss.send(queue, {}, { id: jobIdOf(queue, key), singletonKey: key, startAfter: at });
        return id !== null;
      },
      async handle(queue, task) {
        await boss.createQueue(queue, {
          retryLimit: 5,
          retryDelay: 30,
          retryBackoff: true,
          expireInSeconds: 5 * 60,
          deleteAfterSeconds: ONE_DAY,
          notify: true,
        });
        if (!config.jobs.enabled) return;
        await boss.work(queue, { pollingIntervalSeconds: config.jobs.pollSeconds }, async ([job]) => {
          if (job) await task(QUEUES[queue].parse(job.data));
        });
      },
      async listFailed(limit = 100) {
        const { rows } = await app.db.execute<FailedRow>(sql`
          select id, name, data, output, retry_count, created_on, completed_on
          from pgboss.job where state = 'failed'
          order by completed_on desc nulls last limit ${limit}`);
        return rows.map((row) => ({
          id: row.id,
          queue: row.name,
          summary: summarise(row.name, row.data),
          attempts: row.retry_count + 1,
          lastError: errorText(row.output),
          createdAt: new Date(row.created_on).toISOString(),
          failedAt: row.completed_on ? new Date(row.completed_on).toISOString() : null,
        }));
      },
      async countFailed(queue) {
        const { rows } = await app.db.execute<{ count: number }>(sql`
          select count(*)::int as count from pgboss.job where name = ${queue} and state = 'failed'`);
        return rows[0]?.count ?? 0;
      },
      async findFailedQueue(id) {
        const { rows } = await app.db.execute<{ name: string }>(sql`
          select name from pgboss.job where id = ${id}::uuid and state = 'failed' limit 1`);
        return rows[0]?.name;
      },
      async retry(queue, id) {
        const { affected } = (await boss.retry(queue, id)) as { affected?: number };
        if (!affected) return false;
        if (queue === 'email' || queue === 'text') wake();
        return true;
      },
    };
    app.decorate('jobs', jobs);

    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, timeout: 10_000 });
      mailer.close();
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
