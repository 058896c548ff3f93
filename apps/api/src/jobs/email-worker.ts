import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/transaction.ts';
import { emailDeliveries } from '../db/schema/index.ts';
import { emailJobSchema, renderEmail, type EmailMessage, type EmailTemplate } from '../mail/email-message.ts';
import type { RenderContext } from '../mail/layout.ts';
import type { Mailer } from '../mail/mailer.ts';

/**
 * What a message of one template must still be true of when it is about to go out, owned by the module
 * that queues it and handed to the worker by app.ts (a reminder of a visit cancelled or moved since).
 */
export type SendCheck = {
  stillTrue: (db: Db, message: EmailMessage) => Promise<boolean>;
  /** The log line of a message not sent. */
  notSent: string;
};
export type SendChecks = Partial<Record<EmailTemplate, SendCheck>>;

export type EmailWorkerDeps = {
  db: Db;
  mailer: Mailer;
  ctx: RenderContext;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  retryLimit: number;
  messageIdDomain: string;
  sendChecks: SendChecks;
};

/**
 * Sends one email job. A job whose message already went out (recorded in `email_deliveries`) is not sent
 * again; a failure is logged and thrown so pg-boss retries it with backoff, and the last failure is logged
 * as final (the job then stays in the `failed` state).
 */
export async function deliverEmailJob(
  job: { id: string; data: unknown; retryCount: number; createdOn?: Date },
  deps: EmailWorkerDeps,
): Promise<{ messageId: string; file?: string; duplicate?: true; skipped?: true }> {
  const payload = emailJobSchema.parse(job.data);
  const [already] = await deps.db.select().from(emailDeliveries).where(eq(emailDeliveries.jobId, job.id));
  if (already) {
    deps.logger.warn({ jobId: job.id }, 'email already sent by an earlier attempt: not sending twice');
    return { messageId: already.messageId, duplicate: true };
  }
  // A message no longer true is not sent (a reminder of a visit cancelled or moved since it was queued).
  const check = deps.sendChecks[payload.message.template];
  if (check && !(await check.stillTrue(deps.db, payload.message))) {
    deps.logger.info({ jobId: job.id }, check.notSent);
    return { messageId: '', skipped: true };
  }
  const rendered = renderEmail(payload, deps.ctx);
  try {
    const sent = await deps.mailer.send({
      to: payload.to,
      replyTo: payload.replyTo,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      attachments: rendered.attachments,
      messageId: `<${job.id}@${deps.messageIdDomain}>`,
      queuedAt: job.createdOn ?? new Date(),
      unsubscribeUrl: payload.unsubscribeUrl,
    });
    await deps.db
      .insert(emailDeliveries)
      .values({
        jobId: job.id,
        template: payload.message.template,
        recipient: payload.to,
        messageId: sent.messageId,
        file: sent.file ?? null,
      })
      .onConflictDoNothing();
    deps.logger.info(
      { jobId: job.id, template: payload.message.template, via: deps.mailer.destination },
      'email sent',
    );
    return sent;
  } catch (error) {
    const isFinal = job.retryCount >= deps.retryLimit;
    const details = {
      jobId: job.id,
      template: payload.message.template,
      attempt: job.retryCount + 1,
      error: error instanceof Error ? error.message : String(error),
    };
    if (isFinal) deps.logger.error(details, 'email failed for good: the job is kept as failed');
    else deps.logger.warn(details, 'email failed: it will be retried');
    throw error;
  }
}
