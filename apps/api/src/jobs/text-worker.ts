import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { fromLocal, isLocale, todayIn, toLocal } from '@eclat/shared';
import { textContacts, textDeliveries } from '../db/schema/index.ts';
import type { Db } from '../db/transaction.ts';
import { renderText, TEXT_KINDS, visitTextDataSchema, type TextContext } from '../sms/templates.ts';
import type { Texter } from '../sms/texter.ts';

export type QuietHours = { from: number; until: number } | null;

/**
 * When a text may go out (decision 067): now, or at the end of the quiet hours (`SMS_QUIET_HOURS`, 21:00
 * to 08:00 business time by default) when `now` is in them and the visit it is about is not today's (a
 * visit today, e.g. "on my way" at 07:45, goes at once).
 */
export function textSendableAt(now: Date, visitStart: Date, timeZone: string, quiet: QuietHours): Date {
  if (!quiet) return now;
  const local = toLocal(now, timeZone);
  const today = todayIn(timeZone, now);
  const inQuiet =
    quiet.from > quiet.until
      ? local.hour >= quiet.from || local.hour < quiet.until
      : local.hour >= quiet.from && local.hour < quiet.until;
  if (!inQuiet) return now;
  if (todayIn(timeZone, visitStart) === today) return now;
  if (local.hour < quiet.until) return fromLocal(today, quiet.until, 0, timeZone);
  // After 21:00: 08:00 the next day (the calendar's next day, whatever its length in hours).
  const next = new Date(`${today}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return fromLocal(next.toISOString().slice(0, 10), quiet.until, 0, timeZone);
}

export type TextWorkerDeps = {
  db: Db;
  texter: Texter;
  ctx: TextContext;
  quietHours: QuietHours;
  /** Where the provider reports delivery statuses (Twilio's StatusCallback), with SMS=twilio. */
  statusCallback: string | undefined;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  retryLimit: number;
  /** Is the text still true (a reminder of a visit cancelled or moved since is not sent)? From app.ts. */
  stillTrue: (
    db: Db,
    delivery: { kind: string; appointmentId: string | null; data: unknown },
  ) => Promise<boolean>;
  now?: () => Date;
};

export type TextOutcome =
  { sent: string } | { duplicate: true } | { skipped: string } | { deferredUntil: Date };

/**
 * Sends one text job. Its delivery row (written with the job, its id the idempotency key given to the
 * provider) says whether it already went: a job retried after a crash between the provider's answer and
 * the row's update sends again with the same key, and the provider (and our row) keep one message.
 */
export async function deliverTextJob(
  job: { id: string; data: { deliveryId: string }; retryCount: number },
  deps: TextWorkerDeps,
): Promise<TextOutcome> {
  const [delivery] = await deps.db
    .select()
    .from(textDeliveries)
    .where(eq(textDeliveries.id, job.data.deliveryId));
  if (!delivery) return { skipped: 'no such delivery' };
  // Queued, or failed for good before the provider took it (the office's Retry runs the job again).
  const open = and(
    eq(textDeliveries.id, delivery.id),
    sql`(${textDeliveries.status} = 'queued' or (${textDeliveries.status} = 'failed' and ${textDeliveries.providerId} is null))`,
  );
  if (delivery.status !== 'queued' && !(delivery.status === 'failed' && delivery.providerId === null))
    return { duplicate: true };
  const skip = async (reason: string) => {
    await deps.db.update(textDeliveries).set({ status: 'skipped', error: reason }).where(open);
    deps.logger.info({ deliveryId: delivery.id, reason }, 'text not sent');
    return { skipped: reason };
  };
  // STOP is honoured at once: a text queued before it does not go.
  const [consenting] = await deps.db
    .select({ id: textContacts.id })
    .from(textContacts)
    .where(and(eq(textContacts.mobile, delivery.recipient), isNull(textContacts.stoppedAt)))
    .limit(1);
  if (!consenting) return skip('no consent for this number (STOP received, or the number was removed)');
  if (!(await deps.stillTrue(deps.db, delivery)))
    return skip('no longer true (the visit was cancelled or moved)');
  const kind = TEXT_KINDS.find((known) => known === delivery.kind);
  const data = visitTextDataSchema.parse(delivery.data);
  const locale = isLocale(delivery.locale) ? delivery.locale : 'en';
  if (!kind) return skip(`unknown kind ${delivery.kind}`);
  const now = deps.now?.() ?? new Date();
  const sendableAt = textSendableAt(now, new Date(data.startsAt), deps.ctx.timeZone, deps.quietHours);
  if (sendableAt > now) return { deferredUntil: sendableAt };
  const { body, length } = renderText(kind, data, locale, deps.ctx);
  try {
    const sent = await deps.texter.send({
      to: delivery.recipient,
      body,
      key: delivery.id,
      queuedAt: delivery.createdAt,
      statusCallback: deps.statusCallback,
    });
    // Recorded once: a second attempt with the same key finds the row sent, or writes the same values.
    await deps.db
      .update(textDeliveries)
      .set({
        status: sql`case when ${textDeliveries.status} in ('queued', 'failed') then ${sent.status === 'delivered' ? 'delivered' : 'sent'} else ${textDeliveries.status} end`,
        providerId: sent.providerId,
        body,
        segments: length.segments,
        sentAt: sql`coalesce(${textDeliveries.sentAt}, now())`,
        error: null,
      })
      .where(eq(textDeliveries.id, delivery.id));
    deps.logger.info({ deliveryId: delivery.id, kind, via: deps.texter.destination }, 'text sent');
    return { sent: sent.providerId };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const isFinal = job.retryCount >= deps.retryLimit;
    await deps.db
      .update(textDeliveries)
      .set({ error: message, status: isFinal ? 'failed' : 'queued' })
      .where(open);
    const details = { deliveryId: delivery.id, attempt: job.retryCount + 1, error: message };
    if (isFinal) deps.logger.error(details, 'text failed for good: the job is kept as failed');
    else deps.logger.warn(details, 'text failed: it will be retried');
    throw error;
  }
}
