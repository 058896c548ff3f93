import { addressLine, type Appointment, type Locale } from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/transaction.ts';
import { findVisitMailFacts, findSeriesVisits } from '../appointments/appointments.repository.ts';
import { queueVisitNotices } from '../appointments/visit-notices.ts';
import { findCustomerById } from '../customers/customers.repository.ts';
import { findSeriesRow } from './series.repository.ts';
import { toSeriesViews } from './series-views.ts';
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
  status: visit.status,
});

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
            lines: series.priceLines,
            fullPrice: series.fullPrice,
            pricePerVisit: series.pricePerVisit,
            discountPercent: series.discountPercent,
            firstVisitDiscounted: series.firstVisitDiscounted,
            address: addressLine(series),
            comments: series.comments,
            visits: visits.map(lineOf(facts)),
          },
        },
      });
    },
    // Flagged: the customer's to solve (move it) or the office's; no cleaner is on it.
    async flagged(tx, appointmentId) {
      await queueVisitNotices(
        tx,
        appointmentId,
        { kind: 'flagged' },
        { customer: true, employeeIds: [], employeeLocale: config.businessLocale },
      );
    },
    async teamReleased(tx, visit, cancelledBy) {
      await queueVisitNotices(
        tx,
        visit.appointmentId,
        { kind: 'cancelled', cancelledBy },
        { customer: false, employeeIds: visit.employeeIds, employeeLocale: config.businessLocale },
      );
    },
  };
}
