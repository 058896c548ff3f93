import { randomUUID } from 'node:crypto';
import {
  addDays,
  CLOSING_HOUR,
  discountFor,
  mondayOf,
  OVERVIEW_WEEKS,
  placeFor,
  QUOTE_VALID_DAYS,
  seriesDates,
  SLOT_HOURS,
  visitEnd,
  type AppointmentStatus,
  type Home,
  type PricedService,
  type ServiceArea,
} from '@eclat/shared';
import { fromLocal, toLocal } from '../../lib/time-zone.ts';
import type { Db } from '../../db/transaction.ts';
import {
  findPricedServices,
  type NewAppointment,
} from '../../modules/appointments/appointments.repository.ts';
import { priceChosen } from '../../modules/appointments/booking.service.ts';
import { pickCleaner, whoCanTake, type Team, type TeamMember } from '../../modules/scheduling/team-plan.ts';
import { findScheduleEnd, loadTeam } from '../../modules/scheduling/team.repository.ts';
import { findRecurringDiscounts } from '../../modules/series/series.repository.ts';
import {
  appointmentReminders,
  appointmentAssignments,
  appointmentSeries,
  appointments,
  appointmentServices,
  quoteRequests,
  seriesServices,
} from '../../db/schema/index.ts';

/**
 * The demo's business (issue 27): twelve weeks of past visits (completed, some cancelled), today's and
 * this week's jobs, a recurring customer with its planned visits and quotes, written once on the first
 * start. Planned in memory with the booking rules' own functions (the team's shifts and jobs from
 * `loadTeam`, a cleaner from `whoCanTake` and `pickCleaner` with the travel buffer, prices from
 * `priceChosen`), then written in a few set-based inserts. A seeded pseudo-random generator makes the
 * same plan for the same day. Nothing is emailed, at start or later: no job is queued, past visits count
 * as asked for feedback, the series as confirmed, and the coming visits as reminded.
 */

export type DemoPeople = {
  /** The profiles visits are booked for, the demo customer account's among them. */
  customers: {
    id: string;
    firstName: string;
    lastName: string;
    address: string | null;
    postalCode: string | null;
    companyName: string | null;
  }[];
  /** The demo customer account's profile and user: the recurring customer, with a quote to decide. */
  accountCustomer: { id: string; userId: string };
  /** The demo employee's record: they get jobs today and tomorrow (their My Day). */
  demoEmployeeId: string;
  /** Who booked the office's visits and answered the quote. */
  adminUserId: string;
  services: { id: string; title: string }[];
  area: ServiceArea;
};

/** The settings the demo follows (`BUSINESS_TIMEZONE`, `BUFFER_MINUTES`, `RECURRING_HORIZON_WEEKS`) and its day. */
export type DemoBusiness = {
  timeZone: string;
  /** The travel buffer, in milliseconds as the booking rules hold it (`bookingRulesOf`). */
  bufferMs: number;
  recurringHorizonWeeks: number;
  /** `REMINDER_HOURS`: the coming demo visits count as reminded for each (no reminder goes out). */
  reminderHours: readonly number[];
  now: Date;
};

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** mulberry32: a small, fast, seeded generator (the same numbers for the same seed). */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  function pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('nothing to pick from');
    return item;
  }
  function shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      const [a, b] = [copy[i], copy[j]];
      if (a !== undefined && b !== undefined) [copy[i], copy[j]] = [b, a];
    }
    return copy;
  }
  return { next, int, pick, shuffle };
}
type Random = ReturnType<typeof seeded>;

/** What the demo books, by title, and how often (weights); commercial work only for a business. */
const RESIDENTIAL_MIX: [string, number][] = [
  ['Standard Home Cleaning', 40],
  ['Whole Home Cleaning', 25],
  ['Deep Cleaning', 10],
  ['Window Washing', 10],
  ['Carpet & Upholstery Care', 8],
  ['Move-In / Move-Out Cleaning', 4],
];
const COMMERCIAL_MIX: [string, number][] = [
  ['Office Cleaning', 60],
  ['Retail Store Cleaning', 40],
];

function weighted(random: Random, mix: readonly [string, number][]): string {
  const total = mix.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [title, weight] of mix) {
    roll -= weight;
    if (roll < 0) return title;
  }
  return mix[0]?.[0] ?? '';
}

const isOpen = (row: NewAppointment) => row.status === 'pending' || row.status === 'confirmed';

type Planned = {
  row: NewAppointment & { id: string; createdAt: Date; appointmentDate: Date };
  lines: ReturnType<typeof priceChosen>['lines'];
  cleaners: string[];
};

/** The home a customer's visits are priced on: the same one every time. */
function homeOf(random: Random): Home {
  return {
    bedrooms: random.int(1, 4),
    bathrooms: random.int(1, 3),
    area: random.int(7, 26) * 100,
    areaUnit: 'sqft',
  };
}

/**
 * Plans and writes the demo's visits, series and quotes into the transaction that wrote its team.
 * Returns how many visits were written.
 */
export async function writeDemoBusiness(
  db: Db,
  people: DemoPeople,
  business: DemoBusiness,
): Promise<{ visits: number; series: number; quotes: number }> {
  const random = seeded(27);
  const { timeZone, now, bufferMs } = business;
  const today = toLocal(now, timeZone).date;
  const firstDay = addDays(mondayOf(today), -7 * (OVERVIEW_WEEKS - 1));
  const lastDay = addDays(today, 6);
  const horizonEnd = addDays(today, business.recurringHorizonWeeks * 7);
  const team: Team = await loadTeam(
    db,
    { from: fromLocal(firstDay, 0, 0, timeZone), to: fromLocal(addDays(horizonEnd, 1), 0, 0, timeZone) },
    { timeZone, bufferMs },
  );
  const scheduleEnd = await findScheduleEnd(db);
  const lastWorked = scheduleEnd ? toLocal(scheduleEnd, timeZone).date : today;
  const priced = new Map(
    (
      await findPricedServices(
        db,
        people.services.map((service) => service.id),
      )
    ).map((service) => [service.title, service]),
  );
  const homes = new Map(people.customers.map((customer) => [customer.id, homeOf(random)]));
  const jobsPerWeek = new Map<string, Map<string, number>>();
  const lastCleaner = new Map<string, string>();
  const customerDays = new Set<string>();
  const planned: Planned[] = [];

  /** A cleaner for the span (the preferred one when free), recorded as their job; null: nobody. */
  const takeCleaner = (
    span: { start: number; end: number },
    customerId: string,
    appointmentId: string,
    preferred?: string,
  ): TeamMember | null => {
    const { reason, free } = whoCanTake(team, span, bufferMs);
    if (reason !== null) return null;
    const week = mondayOf(toLocal(new Date(span.start), timeZone).date);
    const counts = jobsPerWeek.get(week) ?? new Map<string, number>();
    const [chosen] = free.some((member) => member.employeeId === preferred)
      ? free.filter((member) => member.employeeId === preferred)
      : pickCleaner(free, { jobsThisWeek: counts, lastCleanerId: lastCleaner.get(customerId) });
    if (!chosen) return null;
    chosen.jobs.push({ appointmentId, ...span });
    counts.set(chosen.employeeId, (counts.get(chosen.employeeId) ?? 0) + 1);
    jobsPerWeek.set(week, counts);
    lastCleaner.set(customerId, chosen.employeeId);
    return chosen;
  };

  /** The status a visit has now: done when it ended, some cancelled before; open ones confirmed or pending. */
  const statusAt = (start: Date, end: Date): AppointmentStatus => {
    if (end.getTime() <= now.getTime()) return random.next() < 0.08 ? 'cancelled' : 'completed';
    if (start.getTime() <= now.getTime()) return 'confirmed';
    return random.next() < 0.25 ? 'pending' : 'confirmed';
  };

  const customerOf = (id: string) => {
    const customer = people.customers.find((row) => row.id === id);
    if (!customer) throw new Error('demo customer missing');
    return customer;
  };

  /** The row of a visit: status, dates and who booked it, as a booking writes them. */
  const visitRow = (
    customerId: string,
    start: Date,
    price: ReturnType<typeof priceChosen>,
    extra: Partial<NewAppointment>,
  ): Planned['row'] => {
    const customer = customerOf(customerId);
    const end = visitEnd(start, price.durationMinutes);
    const status = extra.status ?? statusAt(start, end);
    const isPast = end.getTime() <= now.getTime();
    // Booked some days before; a coming visit as booked now.
    const createdAt =
      start.getTime() > now.getTime() ? now : new Date(start.getTime() - random.int(2, 20) * DAY);
    // A cancelled one, some time between its booking and its day.
    const cancelledAt =
      status === 'cancelled'
        ? new Date(createdAt.getTime() + random.next() * (start.getTime() - createdAt.getTime()))
        : null;
    return {
      id: randomUUID(),
      customerId,
      customerFirstName: customer.firstName,
      customerLastName: customer.lastName,
      appointmentDate: start,
      endsAt: end,
      status,
      // Where the visit happens: the customer's address (profiles have no city), as a booking stores it.
      address: customer.address,
      postalCode: customer.postalCode,
      totalPrice: price.totalPrice,
      priceBreakdown: price.breakdown,
      locale: customerId === people.accountCustomer.id ? 'fr' : 'en',
      createdByUserId:
        customerId === people.accountCustomer.id ? people.accountCustomer.userId : people.adminUserId,
      cancelledAt,
      cancelledByUserId: cancelledAt ? people.adminUserId : null,
      // A past visit counts as asked for feedback: the demo sends no "how was it?" email.
      feedbackRequestedAt: status === 'completed' && isPast ? end : null,
      revision: status === 'cancelled' ? 1 : 0,
      createdAt,
      updatedAt: cancelledAt ?? (isPast ? end : createdAt),
      ...extra,
    };
  };

  /** The place a customer's visits are priced at (their postal code's surcharge). */
  const placeOf = (customerId: string) => {
    const { served: _, ...place } = placeFor(people.area, customerOf(customerId).postalCode);
    return place;
  };

  // The recurring customer: the demo customer's every-two-weeks cleaning, at 15:00, from ten weeks ago
  // to the recurring horizon; the visits past the team's posted weeks wait for a cleaner, as planned ones do.
  const recurring = priced.get('Standard Home Cleaning');
  let seriesRow: (typeof appointmentSeries.$inferInsert & { id: string }) | undefined;
  if (recurring) {
    const customerId = people.accountCustomer.id;
    const discounts = await findRecurringDiscounts(db);
    const anchor = addDays(today, 2 - 7 * (OVERVIEW_WEEKS - 2));
    const startHour = 15;
    const place = placeOf(customerId);
    const home = homes.get(customerId) ?? {};
    const seriesId = randomUUID();
    let preferred: string | undefined;
    const dates = seriesDates(anchor, 'every2Weeks', { from: anchor, until: horizonEnd });
    for (const [index, date] of dates.entries()) {
      const percent = discountFor('every2Weeks', discounts, index === 0);
      const price = priceChosen([recurring], {
        home,
        extraIds: [],
        how: 'given',
        discountPercent: percent,
        place,
      });
      const start = fromLocal(date, startHour, 0, timeZone);
      const end = visitEnd(start, price.durationMinutes);
      const row = visitRow(customerId, start, price, {
        status: end.getTime() <= now.getTime() ? 'completed' : 'confirmed',
        seriesId,
        seriesDate: date,
        discountPercent: percent,
      });
      const span = { start: start.getTime(), end: end.getTime() };
      const waits = date > lastWorked;
      const cleaner = waits ? null : takeCleaner(span, customerId, row.id, preferred);
      if (waits) team.unassigned.push({ appointmentId: row.id, ...span });
      preferred ??= cleaner?.employeeId;
      customerDays.add(`${customerId}:${date}`);
      planned.push({ row, lines: price.lines, cleaners: cleaner ? [cleaner.employeeId] : [] });
    }
    const bookedAt = planned[0]?.row.createdAt ?? now;
    seriesRow = {
      id: seriesId,
      customerId,
      frequency: 'every2Weeks',
      anchorDate: anchor,
      startHour,
      address: customerOf(customerId).address,
      locale: 'fr',
      discountPercent: discounts.every2Weeks,
      firstVisitDiscounted: discounts.firstVisitDiscounted,
      home: planned[0]?.row.priceBreakdown?.home ?? {},
      extraIds: [],
      postalCode: place.postalCode,
      surchargeCents: place.surchargeCents,
      preferredEmployeeId: preferred ?? null,
      plannedUntil: horizonEnd,
      // Confirmed when booked: the series pass sends no confirmation for it.
      confirmedAt: bookedAt,
      createdByUserId: people.accountCustomer.userId,
      createdAt: bookedAt,
      updatedAt: bookedAt,
    };
  }

  // One-off visits, day by day: a busy weekday has four to six, a Saturday two or three, a Sunday one;
  // the coming days are lighter (the week is still being booked), and today's first jobs and tomorrow's
  // go to the demo employee when they are free.
  let unassignedLeft = 2;
  for (let date = firstDay; date <= lastDay; date = addDays(date, 1)) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const isComing = date > today;
    const count = isComing
      ? random.int(2, 3)
      : weekday === 0
        ? 1
        : weekday === 6
          ? random.int(2, 3)
          : random.int(4, 6);
    const preferred = date === today || date === addDays(today, 1) ? people.demoEmployeeId : undefined;
    const closing = fromLocal(date, CLOSING_HOUR, 0, timeZone).getTime();
    for (let visit = 0; visit < count; visit += 1) {
      const customer = random.pick(people.customers.filter((row) => !customerDays.has(`${row.id}:${date}`)));
      const title = weighted(random, customer.companyName ? COMMERCIAL_MIX : RESIDENTIAL_MIX);
      const service = priced.get(title) ?? recurring;
      if (!service) continue;
      const extraIds = service.extras.filter(() => random.next() < 0.2).map((extra) => extra.extraId);
      const price = priceChosen([service], {
        home: homes.get(customer.id) ?? {},
        extraIds,
        how: 'given',
        place: placeOf(customer.id),
      });
      const wantUnassigned = isComing && unassignedLeft > 0 && visit === 0;
      // The demo employee's first jobs of today and tomorrow from the morning on (the board opens there).
      const hours = preferred && visit < 2 ? SLOT_HOURS : random.shuffle(SLOT_HOURS);
      for (const hour of hours) {
        const start = fromLocal(date, hour, 0, timeZone);
        const end = visitEnd(start, price.durationMinutes);
        if (end.getTime() > closing) continue;
        const span = { start: start.getTime(), end: end.getTime() };
        const row = visitRow(customer.id, start, price, {});
        if (row.status === 'cancelled') {
          // A cancelled visit holds no cleaner.
          planned.push({ row, lines: price.lines, cleaners: [] });
        } else if (wantUnassigned) {
          if (whoCanTake(team, span, bufferMs).reason !== null) continue;
          team.unassigned.push({ appointmentId: row.id, ...span });
          unassignedLeft -= 1;
          planned.push({ row, lines: price.lines, cleaners: [] });
        } else {
          const cleaner = takeCleaner(span, customer.id, row.id, visit < 2 ? preferred : undefined);
          if (!cleaner) continue;
          planned.push({ row, lines: price.lines, cleaners: [cleaner.employeeId] });
        }
        customerDays.add(`${customer.id}:${date}`);
        break;
      }
    }
  }

  // Written set-based: the series first (its visits point at it), then visits, their lines and their team.
  if (seriesRow && recurring) {
    await db.insert(appointmentSeries).values(seriesRow);
    await db
      .insert(seriesServices)
      .values({ seriesId: seriesRow.id, position: 0, serviceId: recurring.serviceId });
  }
  const CHUNK = 500;
  for (let from = 0; from < planned.length; from += CHUNK) {
    const chunk = planned.slice(from, from + CHUNK);
    await db.insert(appointments).values(chunk.map((visit) => visit.row));
    await db
      .insert(appointmentServices)
      .values(
        chunk.flatMap((visit) =>
          visit.lines.map((line, position) => ({ ...line, appointmentId: visit.row.id, position })),
        ),
      );
    const team = chunk.flatMap((visit) =>
      visit.cleaners.map((employeeId) => ({
        appointmentId: visit.row.id,
        employeeId,
        status: visit.row.status === 'pending' ? ('PENDING' as const) : ('APPROVED' as const),
        createdAt: visit.row.createdAt,
      })),
    );
    if (team.length) await db.insert(appointmentAssignments).values(team);
    // The demo emails nobody: its coming visits count as reminded already (a moved one gets its own).
    const reminded = chunk.flatMap((visit) =>
      isOpen(visit.row) && visit.row.appointmentDate > now
        ? business.reminderHours.map((hoursBefore) => ({
            appointmentId: visit.row.id,
            hoursBefore,
            startsAt: visit.row.appointmentDate,
            queuedAt: now,
          }))
        : [],
    );
    if (reminded.length) await db.insert(appointmentReminders).values(reminded);
  }

  const quotes = await writeDemoQuotes(db, people, { today, now, priced });
  return { visits: planned.length, series: seriesRow ? 1 : 0, quotes };
}

/**
 * Two quotes: one a customer asked this morning that waits for the office's answer, and one the office
 * answered for the demo customer, which waits for theirs.
 */
async function writeDemoQuotes(
  db: Db,
  people: DemoPeople,
  context: { today: string; now: Date; priced: Map<string, PricedService> },
): Promise<number> {
  const renovation = context.priced.get('Post-Renovation Cleanup');
  const asker = people.customers.find((customer) => customer.lastName === 'Walsh') ?? people.customers[0];
  const account = people.customers.find((customer) => customer.id === people.accountCustomer.id);
  if (!renovation || !asker || !account) return 0;
  const services = [{ serviceId: renovation.serviceId, title: renovation.title }];
  const askedAt = new Date(context.now.getTime() - 3 * HOUR);
  const answeredAt = new Date(context.now.getTime() - 2 * DAY);
  await db.insert(quoteRequests).values([
    {
      customerId: asker.id,
      services,
      description:
        'We just finished renovating the kitchen and the basement: drywall dust everywhere, paint drops on the floor tiles. Three bedrooms, two bathrooms.',
      address: asker.address ?? '',
      postalCode: asker.postalCode ?? '',
      bedrooms: 3,
      bathrooms: 2,
      areaSqft: 1800,
      preferredDates: [addDays(context.today, 5), addDays(context.today, 8)],
      status: 'requested',
      locale: 'en',
      createdAt: askedAt,
      updatedAt: askedAt,
    },
    {
      customerId: account.id,
      services,
      description:
        'Nous avons refait la salle de bain : poussière de plâtre dans tout l’appartement. Deux chambres, une salle de bain.',
      address: account.address ?? '',
      postalCode: account.postalCode ?? '',
      bedrooms: 2,
      bathrooms: 1,
      areaSqft: 950,
      preferredDates: [addDays(context.today, 9)],
      status: 'answered',
      priceCents: 42_000,
      durationMinutes: 300,
      message: 'Deux nettoyeurs pendant cinq heures, aspirateur HEPA compris.',
      answeredAt,
      answeredByUserId: people.adminUserId,
      expiresAt: new Date(answeredAt.getTime() + QUOTE_VALID_DAYS * DAY),
      locale: 'fr',
      createdByUserId: people.accountCustomer.userId,
      createdAt: new Date(answeredAt.getTime() - DAY),
      updatedAt: answeredAt,
    },
  ]);
  return 2;
}
