import type { Appointment, Locale } from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/transaction.ts';
import type { Transaction } from '../../plugins/jobs.ts';
import {
  findAppointment,
  findVisitMailFacts,
  findSeriesVisits,
} from '../appointments/appointments.repository.ts';
import { findCustomerById } from '../customers/customers.repository.ts';
import { findSeriesRow, toSeriesViews } from './series.repository.ts';
import type { SeriesNotifier } from './series.service.ts';

/** The first visits a series' confirmation lists (each with its calendar event). */
const VISITS_CONFIRMED = 6;

type MailFacts = Map<string, { revision: number; locale: string }>;
const localeOf = (value: string | undefined): Locale => (value === 'fr' ? 'fr' : 'en');

const lineOf = (facts: MailFacts) => (visit: Appointment) => ({
  appointmentId: visit.appointmentId,
  startsAt: visit.appointmentDate,
  endsAt: visit.endsAt,
  needsTime: visit.needsTime,
  revision: facts.get(visit.appointmentId)?.revision ?? 0,
  totalPrice: visit.totalPrice,
});

const servicesOf = (visit: Pick<Appointment, 'serviceDetails'>) =>
  visit.serviceDetails.map((line) => ({ title: line.title, price: line.price }));

/**
 * A series visit's notice (flagged by the daily job, skipped, or moved), queued in the caller's
 * transaction to the visit's customer, in the language they booked in. Nothing for a one-off visit.
 */
export async function queueVisitNotice(
  tx: Transaction,
  appointmentId: string,
  notice: { kind: 'flagged' | 'skipped' | 'moved'; previousStartsAt: string | null },
): Promise<void> {
  const visit = await findAppointment(tx.db, appointmentId);
  if (!visit?.seriesId) return;
  const customer = await findCustomerById(tx.db, visit.customerId);
  if (!customer) return;
  const facts = (await findVisitMailFacts(tx.db, [visit.appointmentId])).get(visit.appointmentId);
  await tx.enqueue('email', {
    to: customer.email,
    locale: localeOf(facts?.locale),
    message: {
      template: 'series-visit-notice',
      data: {
        kind: notice.kind,
        seriesId: visit.seriesId,
        appointmentId: visit.appointmentId,
        customerFirstName: visit.customerFirstName,
        customerLastName: visit.customerLastName,
        startsAt: visit.appointmentDate,
        endsAt: visit.endsAt,
        previousStartsAt: notice.previousStartsAt,
        services: servicesOf(visit),
        totalPrice: visit.totalPrice,
        address: visit.address,
        revision: facts?.revision ?? 0,
      },
    },
  });
}

/** The series' emails (decision 020), queued in the transactions of the series service. */
export function createSeriesNotifier(db: Db, config: AppConfig): SeriesNotifier {
  return {
    async confirmation(tx, seriesId) {
      const row = await findSeriesRow(tx.db, seriesId);
      const customer = row && (await findCustomerById(tx.db, row.customerId));
      if (!row || !customer) return;
      const [series] = await toSeriesViews(tx.db, [row], {
        timeZone: config.businessTimeZone,
        now: new Date(),
      });
      const visits = await findSeriesVisits(tx.db, seriesId, {
        from: new Date(),
        limit: VISITS_CONFIRMED,
        activeOnly: true,
      });
      if (!series || visits.length === 0) return;
      const facts = await findVisitMailFacts(
        tx.db,
        visits.map((visit) => visit.appointmentId),
      );
      await tx.enqueue('email', {
        to: customer.email,
        locale: localeOf(row.locale),
        message: {
          template: 'series-confirmation',
          data: {
            seriesId,
            customerFirstName: customer.firstName,
            customerLastName: customer.lastName,
            frequency: series.frequency,
            weekday: series.weekday,
            hour: series.hour,
            services: series.serviceDetails.map((line) => ({ title: line.title, price: line.price })),
            fullPrice: series.fullPrice,
            pricePerVisit: series.pricePerVisit,
            discountPercent: series.discountPercent,
            firstVisitDiscounted: series.firstVisitDiscounted,
            address: series.address,
            comments: series.comments,
            visits: visits.map(lineOf(facts)),
          },
        },
      });
    },
    flagged: (tx, appointmentId) =>
      queueVisitNotice(tx, appointmentId, { kind: 'flagged', previousStartsAt: null }),
  };
}
