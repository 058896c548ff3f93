import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/transaction.ts';
import { emailDeliveries } from '../db/schema/index.ts';
import { emailJobSchema, renderEmail } from '../mail/email-message.ts';
import type { RenderContext } from '../mail/layout.ts';
import type { Mailer } from '../mail/mailer.ts';
import { isReminderCurrent } from '../modules/reminders/reminders.ts';

export type EmailWorkerDeps = {
  db: Db;
  mailer: Mailer;
  ctx: RenderContext;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  retryLimit: number;
  messageIdDomain: string;
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
  // A reminder of a visit cancelled or moved since it was queued is not sent (the move has its own).
  const { message } = payload;
  if (
    message.template === 'appointment-reminder' &&
    !(await isReminderCurrent(deps.db, {
      appointmentId: message.data.appointmentId,
      startsAt: message.data.startsAt,
    }))
  ) {
    deps.logger.info({ jobId: job.id }, 'reminder of a visit cancelled or moved since: not sent');
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
