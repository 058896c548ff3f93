import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { appointmentReminders, appointments, customers } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import type { SendCheck } from '../../jobs/email-worker.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { appointmentEmailDataOf } from '../appointments/appointment-email.ts';
import { findAppointment } from '../appointments/appointments.repository.ts';
import { unsubscribeUrl } from '../customers/unsubscribe-link.ts';
import { channelsFor, queueVisitText } from '../texts/texts.service.ts';
import type { TextWorkerDeps } from '../../jobs/text-worker.ts';

/** Reminders queued by one pass at most (the next pass, five minutes later, takes the rest). */
const PER_PASS = 500;
const HOUR = 60 * 60 * 1000;

type ReminderDeps = { db: Db; jobs: Jobs; hours: readonly number[]; now: Date; publicUrl: string };

/**
 * Queues the reminders that are due: for each `REMINDER_HOURS` value, every open visit (pending or
 * confirmed, with a time) of a customer who has not turned reminders off, starting within that many hours, booked before the reminder's moment (a visit
 * booked the evening before gets its confirmation, not a reminder too), not reminded yet for that start.
 * Each reminder's row and its email commit together, and the row's key (visit, hours, start) makes it
 * once across passes and processes; a moved visit has a new start, so a reminder for its new time.
 * Returns how many were queued.
 */
export async function queueDueReminders(deps: ReminderDeps): Promise<number> {
  let queued = 0;
  for (const hours of deps.hours) {
    const due = await deps.db
      .select({ id: appointments.id, start: appointments.appointmentDate })
      .from(appointments)
      .where(
        and(
          inArray(appointments.status, ['pending', 'confirmed']),
          eq(appointments.needsTime, false),
          // Not for a customer who turned reminders off.
          sql`exists (select 1 from ${customers} c where c.id = ${appointments.customerId} and c.optional_emails)`,
          sql`${appointments.appointmentDate} > ${deps.now.toISOString()}::timestamptz`,
          sql`${appointments.appointmentDate} <= ${new Date(deps.now.getTime() + hours * HOUR).toISOString()}::timestamptz`,
          sql`${appointments.createdAt} <= ${appointments.appointmentDate} - make_interval(hours => ${hours})`,
          sql`not exists (select 1 from ${appointmentReminders} r where r.appointment_id = ${appointments.id}
                and r.hours_before = ${hours} and r.starts_at = ${appointments.appointmentDate})`,
        ),
      )
      .orderBy(appointments.appointmentDate)
      .limit(PER_PASS);
    for (const visit of due) {
      const sent = await deps.jobs.transaction(async (tx) => {
        const claimed = await tx.db
          .insert(appointmentReminders)
          .values({ appointmentId: visit.id, hoursBefore: hours, startsAt: visit.start })
          .onConflictDoNothing()
          .returning({ id: appointmentReminders.appointmentId });
        if (claimed.length === 0) return false;
        const appointment = await findAppointment(tx.db, visit.id);
        const [row] = await tx.db
          .select({
            customerId: customers.id,
            email: customers.email,
            locale: appointments.locale,
            token: customers.emailToken,
          })
          .from(appointments)
          .innerJoin(customers, eq(customers.id, appointments.customerId))
          .where(eq(appointments.id, visit.id));
        if (!appointment || !row) return false;
        const locale = row.locale === 'fr' ? 'fr' : 'en';
        // By email, by text, or both, as the customer chose (a STOP: email only; decision 067).
        const channels = await channelsFor(tx.db, row.customerId, 'appointment-reminder');
        if (channels.email) {
          await tx.enqueue('email', {
            to: row.email,
            locale,
            unsubscribeUrl: unsubscribeUrl(deps.publicUrl, row.token),
            message: { template: 'appointment-reminder', data: appointmentEmailDataOf(appointment) },
          });
        }
        if (channels.textTo) {
          await queueVisitText(tx, {
            kind: 'appointment-reminder',
            to: channels.textTo,
            locale,
            customerId: row.customerId,
            appointmentId: visit.id,
            startsAt: appointment.appointmentDate,
          });
        }
        return true;
      });
      if (sent) queued += 1;
    }
  }
  return queued;
}

/**
 * Is a reminder still true when its email is about to go out? Not if the visit was cancelled, moved or
 * deleted since it was queued: then nothing is sent (a moved visit gets its own reminder).
 */
async function isReminderCurrent(db: Db, reminder: { appointmentId: string; startsAt: string }) {
  const [row] = await db
    .select({ status: appointments.status, start: appointments.appointmentDate })
    .from(appointments)
    .where(eq(appointments.id, reminder.appointmentId));
  return (
    row !== undefined &&
    (row.status === 'pending' || row.status === 'confirmed') &&
    row.start.getTime() === new Date(reminder.startsAt).getTime()
  );
}

/** The email worker's check of a reminder about to go out (app.ts hands it to the worker). */
export const reminderSendCheck: SendCheck = {
  stillTrue: async (db, message) =>
    message.template !== 'appointment-reminder' ||
    (await isReminderCurrent(db, {
      appointmentId: message.data.appointmentId,
      startsAt: message.data.startsAt,
    })),
  notSent: 'reminder of a visit cancelled or moved since: not sent',
};

/** The text worker's check of a text about to go out: a reminder's visit must still be open at that start. */
export const textStillTrue: TextWorkerDeps['stillTrue'] = async (db, delivery) => {
  if (delivery.kind !== 'appointment-reminder' || delivery.appointmentId === null) return true;
  const data = delivery.data;
  const startsAt =
    typeof data === 'object' && data !== null && 'startsAt' in data && typeof data.startsAt === 'string'
      ? data.startsAt
      : '';
  return isReminderCurrent(db, { appointmentId: delivery.appointmentId, startsAt });
};

/** The reminders pass every five minutes (pg-boss schedule `reminders`), in the processes with workers. */
export const remindersPlugin = fp(
  (app: FastifyInstance, { config }: { config: AppConfig }, done: (error?: Error) => void) => {
    if (config.reminderHours.length > 0) {
      app.addHook('onReady', async () => {
        await app.jobs.every('reminders', '*/5 * * * *', async () => {
          const queued = await queueDueReminders({
            db: app.db,
            jobs: app.jobs,
            hours: config.reminderHours,
            now: new Date(),
            publicUrl: config.publicUrl,
          });
          if (queued > 0) app.log.info({ queued }, 'reminders queued');
        });
      });
    }
    done();
  },
  { name: 'reminders', dependencies: ['jobs'] },
);
