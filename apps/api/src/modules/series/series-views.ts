import { discountedPrice, isoWeekday, type Appointment, type Series } from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { priceChosen } from '../appointments/booking.service.ts';
import { findSeriesViewFacts, placeOfSeries, type SeriesRow } from './series.repository.ts';

/**
 * The API view of series rows: their customer, current services and prices, preferred cleaner, next
 * visit and how many upcoming visits need a time. Six queries whatever the number of series.
 */
export async function toSeriesViews(
  db: Db,
  rows: SeriesRow[],
  context: { timeZone: string; now: Date },
): Promise<Series[]> {
  if (rows.length === 0) return [];
  const { people, lines, preferred, flagged, next, priced } = await findSeriesViewFacts(db, rows, context);
  const personOf = new Map(people.map((person) => [person.id, person]));
  const employeeOf = new Map(preferred.map((person) => [person.id, person]));
  const flaggedOf = new Map(flagged.map((row) => [row.seriesId, row.count]));
  return rows.map((row): Series => {
    // Priced as its visits are: the series' home and extras (decision 025), before the discount.
    const chosen = lines.flatMap((line) => {
      const service = line.seriesId === row.id ? priced.get(line.serviceId) : undefined;
      return service ? [service] : [];
    });
    const price = priceChosen(chosen, {
      home: row.home,
      extraIds: row.extraIds,
      how: 'kept',
      place: placeOfSeries(row),
    });
    const details = price.lines;
    const fullPrice = price.totalPrice;
    const person = personOf.get(row.customerId);
    const employee = row.preferredEmployeeId ? employeeOf.get(row.preferredEmployeeId) : undefined;
    const nextVisit: Appointment | undefined = next.get(row.id);
    return {
      seriesId: row.id,
      customerId: row.customerId,
      customerFirstName: person?.firstName ?? '',
      customerLastName: person?.lastName ?? '',
      frequency: row.frequency,
      weekday: isoWeekday(row.anchorDate),
      hour: row.startHour,
      timeZone: context.timeZone,
      startDate: row.anchorDate,
      status: row.status,
      serviceDetails: details,
      home: price.breakdown.home,
      extraIds: price.breakdown.extraIds,
      priceLines: price.breakdown.lines,
      fullPrice,
      pricePerVisit: discountedPrice(fullPrice, row.discountPercent),
      discountPercent: row.discountPercent,
      firstVisitDiscounted: row.firstVisitDiscounted,
      comments: row.comments,
      address: row.address,
      city: row.city,
      postalCode: row.postalCode,
      preferredEmployee: employee
        ? { employeeId: employee.id, name: `${employee.firstName} ${employee.lastName}` }
        : null,
      plannedUntil: row.plannedUntil,
      visitsNeedingTime: flaggedOf.get(row.id) ?? 0,
      nextVisit: nextVisit ?? null,
      pausedAt: row.pausedAt?.toISOString() ?? null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
