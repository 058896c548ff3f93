import { eq, sql } from 'drizzle-orm';
import {
  addDays,
  placeFor,
  profilePlace,
  type VisitAddress,
  type VisitPlace,
  CLOSING_HOUR,
  COMPANY_PHONE,
  customerReach,
  SLOT_REASONS,
  type SlotReason,
  type SlotDays,
  endsByClosing,
  isOpenForCustomer,
  lastBookableDate,
  MAX_VISIT_MINUTES,
  occupiedMinutes,
  SLOT_HOURS,
  todayIn,
  visitEnd,
  type AppointmentStatus,
  type Slots,
  completeHome,
  homeNeeds,
  offeredExtraIds,
  priceVisit,
  pricingIssues,
  relevantHome,
  type Home,
  type PriceBreakdown,
  type PricedService,
  type PricingIssue,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { appointments } from '../../db/schema/index.ts';
import { readerOn, type Db } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { isTheirs, ownsCustomer, type Owner } from '../auth/ownership.ts';
import { findCustomerById } from '../customers/customers.repository.ts';
import { findServiceArea } from '../service-area/service-area.repository.ts';
import { fromLocal, toLocal } from '../../lib/time-zone.ts';
import { pickCleaner, whoCanTake, type Team } from '../scheduling/team-plan.ts';
import { ensureStaffFree } from '../scheduling/staff.service.ts';
import { countJobs, findLastCleaner, hasTeam, loadTeam } from '../scheduling/team.repository.ts';
import {
  countOpenVisits,
  findActiveBetween,
  findPricedServices,
  lockAppointment,
} from './appointments.repository.ts';
import { requireCardOnFile } from '../payments/card-booking.ts';

/**
 * The booking rules (decisions 007 and 012), in one place: every write that creates, moves, changes or
 * cancels an appointment (`appointments.service.ts`, `series.service.ts`, a quote's `bookQuotedVisit`)
 * calls these functions, so a rule change is one diff. Which rule binds whom:
 *
 * | rule | customer routes | admin form |
 * |---|---|---|
 * | start on a slot, in the future, within the horizon | yes (unless the time is kept) | yes (unless the time is kept) |
 * | the visit fits one business day (VISIT_TOO_LONG) | yes | yes (unless time and services are kept) |
 * | start at least MIN_NOTICE_HOURS from now | yes (unless the time is kept) | no (the office books a call for this afternoon) |
 * | a free cleaner for the whole visit, with the travel buffer (NO_CLEANER_FREE; decision 019) | yes | yes |
 * | capacity of every hour (SLOT_FULL): the SLOT_CAPACITY ceiling, or without a team the fixed number | yes | yes, when the status holds the hours |
 * | a customer's visits never overlap (VISITS_OVERLAP) | yes | no (several sites of a business) |
 * | at most MAX_OPEN_VISITS future visits (TOO_MANY_OPEN_VISITS) | yes, new bookings | no |
 * | completed or past visits are closed (APPOINTMENT_CLOSED) | yes | no |
 * | moves, service changes and cancels stop CHANGE_CUTOFF_HOURS before the start (TOO_LATE_TO_CHANGE) | yes | no |
 * | a confirmed visit moved or changed becomes pending | yes | no (the admin sets the status) |
 * | withdrawn services cannot be added | yes | no |
 */

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Visits per hour when the company has no team set up yet (no availability posted): the old rule. */
export const DEFAULT_SLOT_CAPACITY = 2;

export type BookingRules = {
  timeZone: string;
  /** `SLOT_CAPACITY`: the fixed capacity without a team, an optional ceiling with one. */
  capacity: number | undefined;
  maxOpenVisits: number;
  horizonDays: number;
  /**
   * `BUFFER_MINUTES` in milliseconds, converted here once: the travel time kept free around every job
   * (decision 019), in memory (`whoCanTake`), in SQL (`loadTeam`, `ensureStaffFree`) alike.
   */
  bufferMs: number;
  minNoticeHours: number;
  /** `CHANGE_CUTOFF_HOURS`: a customer's own moves and cancels stop this long before the start. */
  changeCutoffHours: number;
  /**
   * `LATE_CANCELLATION=fee` (decision 057): a customer may cancel inside the cut-off, and this fee before
   * tax is charged; undefined or null: "call us" (refused, the spec's flow).
   */
  lateCancellationFeeCents?: number | null;
  now?: Date;
};

export function bookingRulesOf(config: AppConfig): BookingRules {
  return {
    timeZone: config.businessTimeZone,
    capacity: config.slotCapacity,
    maxOpenVisits: config.maxOpenVisits,
    horizonDays: config.bookingHorizonDays,
    bufferMs: config.bufferMinutes * MINUTE,
    minNoticeHours: config.minNoticeHours,
    changeCutoffHours: config.changeCutoffHours,
    lateCancellationFeeCents: config.lateCancellationFeeCents,
  };
}

/** The appointment's end for its services' duration (it holds at least one hour). */
export const occupiedUntil = visitEnd;

/** Whole-hour windows [start, end) that a span touches. */
function hoursTouched(start: Date, end: Date): Date[] {
  const hours: Date[] = [];
  for (let t = start.getTime(); t < end.getTime(); t += HOUR) hours.push(new Date(t));
  return hours;
}

function countOverlapping(busy: { start: Date; end: Date }[], from: Date, to: Date): number {
  const [start, end] = [from.getTime(), to.getTime()];
  return busy.filter((appointment) => appointment.start.getTime() < end && appointment.end.getTime() > start)
    .length;
}

/** Is there room at every hour of [start, end)? */
function hasRoom(busy: { start: Date; end: Date }[], start: Date, end: Date, capacity: number): boolean {
  return hoursTouched(start, end).every(
    (hour) => countOverlapping(busy, hour, new Date(hour.getTime() + HOUR)) < capacity,
  );
}

const nowOf = (rules: BookingRules) => rules.now ?? new Date();

/** The last business-local day a visit may start on. */
export function bookableUntil(rules: BookingRules): string {
  return lastBookableDate(todayIn(rules.timeZone, nowOf(rules)), rules.horizonDays);
}

/** What one or more days' slots are decided on: the team (when there is one) and the busy visits. */
type DayFacts = {
  team: Team | undefined;
  busy: { id: string; start: Date; end: Date }[];
  /** The per-hour ceiling that applies (none with a team unless SLOT_CAPACITY is set). */
  ceiling: number | undefined;
  bufferMs: number;
};

async function loadFacts(db: Db, span: { from: Date; to: Date }, rules: BookingRules): Promise<DayFacts> {
  const { bufferMs } = rules;
  const read = readerOn(db);
  const [isTeam, team, ceilingBusy] = await Promise.all([
    read(() => hasTeam(db)),
    read(() => loadTeam(db, span, { timeZone: rules.timeZone, bufferMs })),
    read(async () => (rules.capacity === undefined ? undefined : findActiveBetween(db, span.from, span.to))),
  ]);
  const ceiling = isTeam ? rules.capacity : (rules.capacity ?? DEFAULT_SLOT_CAPACITY);
  const busy =
    ceiling === undefined ? [] : (ceilingBusy ?? (await findActiveBetween(db, span.from, span.to)));
  return { team: isTeam ? team : undefined, busy, ceiling, bufferMs };
}

/** The facts of a stretch narrowed to one day: each time of the month then looks at its day only. */
function factsOfDay(facts: DayFacts, day: { from: Date; to: Date }): DayFacts {
  const from = day.from.getTime() - facts.bufferMs;
  const to = day.to.getTime() + facts.bufferMs;
  const near = (span: { start: number; end: number }) => span.start < to && span.end > from;
  return {
    ...facts,
    busy: facts.busy.filter((visit) => visit.start < day.to && visit.end > day.from),
    team: facts.team && {
      members: facts.team.members
        .map((member) => ({
          ...member,
          working: member.working.filter(near),
          jobs: member.jobs.filter(near),
        }))
        .filter((member) => member.working.length > 0),
      unassigned: facts.team.unassigned.filter(near),
    },
  };
}

/** Why a visit of this length cannot start then, or null: the reasons in `SLOT_REASONS` order. */
function slotReason(
  start: Date,
  durationMinutes: number,
  /** The start's day: its facts (none beyond the horizon) and its closing time. */
  day: { facts: DayFacts | undefined; closing: number },
  rules: BookingRules,
): SlotReason | null {
  const { facts } = day;
  const now = nowOf(rules).getTime();
  if (start.getTime() <= now) return 'past';
  if (start.getTime() < now + rules.minNoticeHours * HOUR) return 'notice';
  if (!facts) return 'horizon';
  const end = visitEnd(start, durationMinutes);
  if (end.getTime() > day.closing) return 'closing';
  if (facts.team) {
    const { reason } = whoCanTake(facts.team, { start: start.getTime(), end: end.getTime() }, facts.bufferMs);
    if (reason) return reason;
  }
  if (facts.ceiling !== undefined && !hasRoom(facts.busy, start, end, facts.ceiling)) return 'full';
  return null;
}

const dayStart = (date: string, timeZone: string) => fromLocal(date, 0, 0, timeZone);
/** When a business day closes (21:00 local): no visit ends later. */
const closingOf = (date: string, timeZone: string) => fromLocal(date, CLOSING_HOUR, 0, timeZone).getTime();

/**
 * The 12 hourly slots of a business-local day, each bookable or with the reason it is not
 * (`SLOT_REASONS`).
 */
export async function computeSlots(
  db: Db,
  date: string,
  durationMinutes: number,
  rules: BookingRules,
): Promise<Slots> {
  const until = bookableUntil(rules);
  // A day beyond the horizon has nothing to count (and is never read).
  const facts =
    date > until
      ? undefined
      : await loadFacts(
          db,
          { from: dayStart(date, rules.timeZone), to: dayStart(addDays(date, 1), rules.timeZone) },
          rules,
        );
  const closing = closingOf(date, rules.timeZone);
  return {
    date,
    timeZone: rules.timeZone,
    durationMinutes: occupiedMinutes(durationMinutes),
    bookableUntil: until,
    minNoticeHours: rules.minNoticeHours,
    slots: SLOT_HOURS.map((hour) => {
      const start = fromLocal(date, hour, 0, rules.timeZone);
      const reason = slotReason(start, durationMinutes, { facts, closing }, rules);
      return { hour, startsAt: start.toISOString(), available: reason === null, reason };
    }),
  };
}

/** The reason a whole day says, when none of its times can be booked: the most telling one. */
const DAY_REASON_ORDER: readonly SlotReason[] = [
  'horizon',
  'noCleaner',
  'full',
  'closed',
  'notice',
  'closing',
  'past',
];

/**
 * The days from `from` to `to` (at most `MAX_SLOT_DAYS`), each with a bookable time or the reason it
 * has none: the calendar greys those out and says why. One load of the team for the whole stretch.
 */
export async function computeSlotDays(
  db: Db,
  range: { from: string; to: string },
  durationMinutes: number,
  rules: BookingRules,
): Promise<SlotDays> {
  const until = bookableUntil(rules);
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  const lastOpen = range.to < until ? range.to : until;
  const facts =
    range.from > until
      ? undefined
      : await loadFacts(
          db,
          { from: dayStart(range.from, rules.timeZone), to: dayStart(addDays(lastOpen, 1), rules.timeZone) },
          rules,
        );
  return {
    from: range.from,
    to: range.to,
    timeZone: rules.timeZone,
    durationMinutes: occupiedMinutes(durationMinutes),
    bookableUntil: until,
    minNoticeHours: rules.minNoticeHours,
    days: days.map((date) => {
      const closing = closingOf(date, rules.timeZone);
      const ofDay =
        facts && date <= until
          ? factsOfDay(facts, {
              from: dayStart(date, rules.timeZone),
              to: dayStart(addDays(date, 1), rules.timeZone),
            })
          : undefined;
      const reasons = new Set(
        SLOT_HOURS.map((hour) =>
          slotReason(
            fromLocal(date, hour, 0, rules.timeZone),
            durationMinutes,
            { facts: ofDay, closing },
            rules,
          ),
        ),
      );
      if (reasons.has(null)) return { date, available: true, reason: null };
      const reason = DAY_REASON_ORDER.find((candidate) => reasons.has(candidate)) ?? SLOT_REASONS[0];
      return { date, available: false, reason };
    }),
  };
}

const invalid = (path: string, message: string, key: string) =>
  new AppError('VALIDATION_ERROR', message, [{ path, message: key }]);

/**
 * What a visit is priced on besides its services (decision 025): the home and the extras, as the
 * request says them (`given`: each is checked, what the services need must be there) or as they were
 * kept for it (`kept`: a visit changed without saying them again, a series' next visit, an admin's
 * booking that says nothing), completed with the smallest home and the extras still offered.
 */
export type PricingChoice = {
  home: Home;
  extraIds: readonly string[];
  how: 'given' | 'kept';
  /** The frequency discount (a series' visit), whole percent. */
  discountPercent?: number;
  /**
   * Where the visit is and its travel surcharge (decision 026): `checkServiceArea` for a new booking, what
   * it was priced at for a change or a series' visit. None (a `/slots` query): no surcharge.
   */
  place?: VisitPlace;
};

/** The choice of a request body: what it says, else what was kept (nothing for a new visit). */
export function choiceOf(
  body: { home?: Home | undefined; extraIds?: readonly string[] | undefined },
  kept: { home: Home; extraIds: readonly string[] } | null | undefined,
): PricingChoice {
  if (body.home !== undefined || body.extraIds !== undefined || !kept) {
    return { home: body.home ?? {}, extraIds: body.extraIds ?? [], how: 'given' };
  }
  return { home: kept.home, extraIds: kept.extraIds, how: 'kept' };
}

const PRICING_PATHS: Record<PricingIssue['field'], string> = {
  bedrooms: 'home.bedrooms',
  bathrooms: 'home.bathrooms',
  area: 'home.area',
  extraIds: 'extraIds',
};

/**
 * The services to book, as they are now, priced with `priceVisit` (titles, prices and durations come
 * from here, never from the client). Withdrawn services (`isAvailable: false`) are refused unless
 * `withdrawnAllowed` is `all` (the admin's form) or lists them (the services already on the appointment
 * a customer changes). A home or extras that cannot price them: 400 with the field (`where` is `body`
 * or `querystring`).
 */
export async function resolveServices(
  db: Db,
  ids: string[],
  withdrawnAllowed: 'all' | 'none' | readonly string[],
  choice: PricingChoice,
  where: 'body' | 'querystring' = 'body',
) {
  const unique = [...new Set(ids)];
  const found = await findPricedServices(db, unique);
  const byId = new Map(found.map((service) => [service.serviceId, service]));
  const isAllowed = (service: { serviceId: string; isAvailable: boolean }) =>
    service.isAvailable ||
    withdrawnAllowed === 'all' ||
    (Array.isArray(withdrawnAllowed) && withdrawnAllowed.includes(service.serviceId));
  const chosen = unique.map((id) => byId.get(id));
  if (chosen.some((service) => !service || !isAllowed(service))) {
    throw invalid(
      `${where}.serviceIds`,
      'A chosen service does not exist or is not offered.',
      'appointments.errors.services',
    );
  }
  return priceChosen(
    chosen.filter((service) => service !== undefined),
    choice,
    where,
  );
}

/**
 * The price and length of these services for the choice, with `priceVisit`, as the visit stores them: a
 * line per service (appointment_services), the total in dollars, the minutes and the breakdown.
 */
export function priceChosen(
  services: readonly PricedService[],
  choice: PricingChoice,
  where: 'body' | 'querystring' = 'body',
) {
  const isKept = choice.how === 'kept';
  const home = isKept ? completeHome(services, choice.home) : relevantHome(homeNeeds(services), choice.home);
  const extraIds = isKept ? offeredExtraIds(services, choice.extraIds) : [...new Set(choice.extraIds)];
  const issues = pricingIssues(services, home, extraIds);
  if (issues.length > 0) {
    throw new AppError(
      'VALIDATION_ERROR',
      'The home or the extras do not fit the chosen services.',
      issues.map((issue) => ({
        // The body nests the home; a query has its facts side by side.
        path: `${where}.${where === 'body' ? PRICING_PATHS[issue.field] : issue.field}`,
        message: issue.key,
      })),
    );
  }
  const price = priceVisit({
    services,
    home,
    extraIds,
    surchargeCents: choice.place?.surchargeCents ?? 0,
    discountPercent: choice.discountPercent ?? 0,
  });
  const postalCode = choice.place?.postalCode ?? null;
  const serviceLines = price.lines.filter((line) => line.kind === 'service');
  return {
    lines: services.map((service, index) => ({
      serviceId: service.serviceId,
      title: service.title,
      price: (serviceLines[index]?.cents ?? 0) / 100,
      durationMinutes: serviceLines[index]?.minutes ?? 0,
    })),
    /** Dollars, the frequency discount taken off. */
    totalPrice: price.totalCents / 100,
    durationMinutes: price.minutes,
    breakdown: { home, extraIds, ...(postalCode && { postalCode }), ...price } satisfies PriceBreakdown,
  };
}

/**
 * The start must be one of the day's hourly slots, in the future, within the booking horizon; a
 * customer's, at least the minimum notice from now.
 */
export function checkStart(
  start: Date,
  rules: BookingRules,
  by: 'customer' | 'admin',
): { date: string; hour: number } {
  const local = toLocal(start, rules.timeZone);
  if (
    local.minute !== 0 ||
    start.getUTCSeconds() !== 0 ||
    start.getUTCMilliseconds() !== 0 ||
    !SLOT_HOURS.includes(local.hour)
  ) {
    throw invalid(
      'body.appointmentDate',
      'Appointments start on the hour, from 09:00 to 20:00.',
      'appointments.errors.slot',
    );
  }
  if (start.getTime() <= nowOf(rules).getTime()) {
    throw invalid('body.appointmentDate', 'You cannot select a past time.', 'appointments.errors.pastTime');
  }
  if (by === 'customer' && start.getTime() < nowOf(rules).getTime() + rules.minNoticeHours * HOUR) {
    throw invalid(
      'body.appointmentDate',
      `Bookings need at least ${rules.minNoticeHours} hours of notice.`,
      'appointments.errors.notice',
    );
  }
  if (local.date > bookableUntil(rules)) {
    throw invalid(
      'body.appointmentDate',
      `Appointments can be booked up to ${rules.horizonDays} days ahead.`,
      'appointments.errors.beyondHorizon',
    );
  }
  return { date: local.date, hour: local.hour };
}

/**
 * One visit fits inside one business day's opening hours: no longer than the day (VISIT_TOO_LONG), and
 * ending by closing time (a later start is refused on the start).
 */
export function checkFitsOneDay(start: Date, durationMinutes: number, rules: BookingRules): void {
  if (durationMinutes > MAX_VISIT_MINUTES) {
    throw new AppError(
      'VISIT_TOO_LONG',
      `These services take ${Math.ceil(durationMinutes / 60)} hours; one visit fits in one business day (${MAX_VISIT_MINUTES / 60} hours). Book fewer services per visit.`,
      [{ path: 'body.serviceIds', message: 'appointments.errors.visitTooLong' }],
    );
  }
  if (!endsByClosing(start, durationMinutes, rules.timeZone)) {
    throw invalid(
      'body.appointmentDate',
      'This visit would end after closing time. Choose an earlier start.',
      'appointments.errors.endsAfterClosing',
    );
  }
}

/**
 * "Is this a new time", decided here only: the time asked for against the one the visit has (`current`;
 * none for a new visit, whose time is always new). `isNewStart`: it moves (its start is checked again,
 * and a move is what the notices say); `holdsSpan`: same start and same end, so an active visit already
 * holds its place (nothing counted again, its cleaners stay, a visit needing a time still needs one).
 */
export function timeChange(
  current: { appointmentDate: Date | string; endsAt: Date | string } | undefined,
  asked: { start: Date; end: Date },
): { isNewStart: boolean; holdsSpan: boolean } {
  if (current === undefined) return { isNewStart: true, holdsSpan: false };
  const isNewStart = new Date(current.appointmentDate).getTime() !== asked.start.getTime();
  const isNewEnd = new Date(current.endsAt).getTime() !== asked.end.getTime();
  return { isNewStart, holdsSpan: !isNewStart && !isNewEnd };
}

/**
 * The visit asked for, checked before any lock is taken: services (see `resolveServices`), start and
 * span. `kept` is the appointment's current time when an admin edits it: keeping that time skips the
 * start check (an admin closes a past appointment), keeping time and length skips the one-day check.
 */
export async function planVisit(
  db: Db,
  input: { appointmentDate: string; serviceIds: string[] },
  options: {
    rules: BookingRules;
    by: 'customer' | 'admin';
    withdrawnAllowed: 'all' | 'none' | readonly string[];
    kept?: { appointmentDate: string; endsAt: string };
    choice: PricingChoice;
  },
) {
  const start = new Date(input.appointmentDate);
  const services = await resolveServices(db, input.serviceIds, options.withdrawnAllowed, options.choice);
  const end = visitEnd(start, services.durationMinutes);
  const { rules } = options;
  const { isNewStart, holdsSpan } = timeChange(options.kept, { start, end });
  if (isNewStart) checkStart(start, rules, options.by);
  if (!holdsSpan) checkFitsOneDay(start, services.durationMinutes, rules);
  return { start, end, services };
}

/** Every business-local day from the one `start` falls on to the one `end` falls on, in order. */
function daysSpanned(start: Date, end: Date, timeZone: string): string[] {
  const last = toLocal(new Date(Math.max(start.getTime(), end.getTime() - 1)), timeZone).date;
  const days: string[] = [];
  for (let day = toLocal(start, timeZone).date; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A visit about to hold its hours (see `reserveVisit`). */
type VisitToReserve = {
  customerId: string;
  start: Date;
  end: Date;
  /** The visit itself, when it is being changed. */
  exceptAppointmentId?: string | undefined;
  /** The cleaners already on it. */
  keptEmployeeIds?: readonly string[];
  assign?: 'pick' | 'keep';
  holdsPlace?: boolean;
  by: 'customer' | 'admin';
  /** A visit of a recurring series being planned: not a new booking (the series counted once). */
  planned?: boolean;
};

/** Monday 00:00 to the next Monday 00:00 of the business-local week a start falls in. */
function weekOf(start: Date, timeZone: string): { from: Date; to: Date } {
  const date = toLocal(start, timeZone).date;
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const monday = addDays(date, -((weekday + 6) % 7));
  return { from: dayStart(monday, timeZone), to: dayStart(addDays(monday, 7), timeZone) };
}

const noCleaner = () =>
  new AppError(
    'NO_CLEANER_FREE',
    'No cleaner is free for this whole visit at that time. Please choose another time.',
  );

/**
 * With a team: the cleaners the visit gets, chosen under the locks. On a move, those already on it who
 * work and are free at the new time stay; otherwise one free cleaner is picked (`pickCleaner`). Every
 * candidate's `jobs:<employeeId>` lock is taken (in id order, as an admin's assignment does) and their
 * jobs read again, so an assignment made a moment ago by an admin counts.
 */
async function chooseCleaners(
  db: Db,
  visit: VisitToReserve,
  team: Team,
  rules: BookingRules,
): Promise<string[]> {
  const kept = visit.keptEmployeeIds ?? [];
  const span = { start: visit.start.getTime(), end: visit.end.getTime() };
  const { reason, free } = whoCanTake(team, span, rules.bufferMs, visit.exceptAppointmentId);
  if (visit.assign === 'keep') {
    // The admin's edit: the team they planned stays (`editVisitInTransaction` checks they are free); a
    // visit left unassigned still needs a place among the free cleaners.
    if (kept.length === 0 && reason !== null) throw noCleaner();
    return [...kept];
  }
  const staying = free.filter((member) => kept.includes(member.employeeId));
  if (staying.length === 0 && reason !== null) throw noCleaner();
  const ranked = staying.length
    ? staying
    : pickCleaner(free, {
        jobsThisWeek: await countJobs(
          db,
          free.map((member) => member.employeeId),
          weekOf(visit.start, rules.timeZone),
        ),
        lastCleanerId: await findLastCleaner(db, visit.customerId),
      });
  const ids = ranked.map((member) => member.employeeId);
  const busy = await ensureStaffFree(db, ids, visit, rules);
  const available = ids.filter((id) => !busy.has(id));
  if (available.length === 0) throw noCleaner();
  return staying.length ? available : available.slice(0, 1);
}

/**
 * Inside the transaction that writes a visit which holds its hours (pending or confirmed). Locks, always
 * in this order (so two transactions never wait on each other in a circle): the customer
 * (`visits:<customerId>`), then every business day the visit spans (`slots:<local date>`, in date order),
 * then, with a team, the candidate cleaners (`jobs:<employeeId>`, in id order). Then, with nobody else
 * able to book that customer, those days or those cleaners:
 * - a customer's own new booking (`by: 'customer'`, no `exceptAppointmentId`): at most `maxOpenVisits`
 *   future visits (TOO_MANY_OPEN_VISITS);
 * - a customer's booking or change: their other active visits must not overlap it (VISITS_OVERLAP);
 * - with a team: a cleaner who works the whole visit and is free around it (NO_CLEANER_FREE);
 * - the per-hour ceiling (SLOT_FULL): `SLOT_CAPACITY` (with a team only when set).
 * An admin (`by: 'admin'`) may give a customer more visits, at once (a business with several sites).
 *
 * Returns the cleaners the visit gets (with a team), or undefined (no team: nobody is planned).
 * `keptEmployeeIds` are the cleaners already on a visit being changed: with `assign: 'pick'` (the
 * default; bookings and a customer's move) those still free stay, else one is picked; with `'keep'` (the
 * admin's edit) they stay as they are. `holdsPlace`: the visit is active and keeps its time and length (a
 * change of comments or status), so it already holds its place: neither the ceiling nor the team is
 * counted again, and its cleaners stay.
 */
export async function reserveVisit(
  db: Db,
  visit: VisitToReserve,
  rules: BookingRules,
): Promise<string[] | undefined> {
  const { customerId, start, end, exceptAppointmentId } = visit;
  const byCustomer = visit.by === 'customer';
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`visits:${customerId}`}))`);
  for (const day of daysSpanned(start, end, rules.timeZone)) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`slots:${day}`}))`);
  }
  const isNewBooking = byCustomer && exceptAppointmentId === undefined && !visit.planned;
  if (isNewBooking && (await countOpenVisits(db, customerId, nowOf(rules))) >= rules.maxOpenVisits) {
    throw new AppError(
      'TOO_MANY_OPEN_VISITS',
      `A customer can hold ${rules.maxOpenVisits} upcoming visits at most.`,
    );
  }
  const own = byCustomer
    ? await findActiveBetween(db, start, end, { exceptId: exceptAppointmentId, customerId })
    : [];
  if (own.length > 0) {
    throw new AppError('VISITS_OVERLAP', 'This customer already has a visit at an overlapping time.', [
      { path: 'body.appointmentDate', message: 'appointments.errors.overlap' },
    ]);
  }
  if (visit.holdsPlace) return (await hasTeam(db)) ? [...(visit.keptEmployeeIds ?? [])] : undefined;
  const facts = await loadFacts(db, { from: start, to: end }, rules);
  if (facts.ceiling !== undefined) {
    const busy = facts.busy.filter((appointment) => appointment.id !== exceptAppointmentId);
    if (!hasRoom(busy, start, end, facts.ceiling)) {
      throw new AppError('SLOT_FULL', 'This time is fully booked. Please choose another time.');
    }
  }
  if (!facts.team) return undefined;
  return chooseCleaners(db, visit, facts.team, rules);
}

/**
 * Inside a customer's change or cancel: locks the appointment's row and refuses (409 APPOINTMENT_CLOSED)
 * when it is completed or has started. Returns the locked row's current status. The cut-off is checked
 * by the caller once it knows what changes (`refuseInsideCutoff`): comments may change until the start.
 */
export async function lockOpenVisit(db: Db, appointmentId: string, customerId: string, rules: BookingRules) {
  const current = await lockAppointment(db, appointmentId);
  if (!current) throw new AppError('NOT_FOUND', 'Appointment not found.');
  // Checked on the locked row: an admin may have given the visit to another customer a moment ago.
  if (!isTheirs({ id: customerId }, current.customerId))
    throw new AppError('FORBIDDEN', 'You can only change your own appointments.');
  if (current.status !== 'cancelled' && !isOpenForCustomer(current, nowOf(rules))) {
    throw new AppError(
      'APPOINTMENT_CLOSED',
      'This appointment is completed or has started: it can no longer be changed or cancelled.',
    );
  }
  return current;
}

/**
 * A customer's move, change of services or cancel of an open visit: refused (409 TOO_LATE_TO_CHANGE) once
 * it starts within `CHANGE_CUTOFF_HOURS` (decision 027); the office still can.
 */
export function refuseInsideCutoff(
  visit: { status: AppointmentStatus; appointmentDate: Date },
  rules: BookingRules,
): void {
  if (customerReach(visit, nowOf(rules), rules.changeCutoffHours) === 'tooLate') throw tooLateToChange(rules);
}

/** 409 TOO_LATE_TO_CHANGE: the customer calls the office (decision 027). */
export function tooLateToChange(rules: BookingRules): AppError {
  return new AppError(
    'TOO_LATE_TO_CHANGE',
    `This visit starts within ${rules.changeCutoffHours} hours: please call us at ${COMPANY_PHONE} to move or cancel it.`,
  );
}

/** The earliest start a customer's own change may still reach: now plus the cut-off (the office: now). */
export function customerReachStart(rules: BookingRules, by: 'customer' | 'admin'): Date {
  const now = nowOf(rules);
  return by === 'customer' ? new Date(now.getTime() + rules.changeCutoffHours * HOUR) : now;
}

/**
 * A customer's cancel (the spec's DELETE, `PUT` with status cancelled, or the cancel route): the row is
 * kept with status cancelled (decision 007); cancelling twice changes nothing; closed visits refuse. On a
 * series visit this is "skip this visit": its date stays taken, so it is not planned again (decision
 * 020). Inside the cut-off it is refused (TOO_LATE_TO_CHANGE), unless `lateFeeCents` says the owner's
 * policy is a fee (decision 057): then it is cancelled and `lateFeeCents` is the fee it takes. Returns the
 * visit as it was before and that fee (null: none), when it was cancelled now (else undefined).
 */
export async function cancelOwnVisit(
  db: Db,
  visit: { appointmentId: string; customerId: string },
  userId: string,
  rules: BookingRules,
  lateFeeCents: number | null = null,
) {
  const { appointmentId } = visit;
  const current = await lockOpenVisit(db, appointmentId, visit.customerId, rules);
  if (current.status === 'cancelled') return undefined;
  const late = customerReach(current, nowOf(rules), rules.changeCutoffHours) === 'tooLate';
  if (late && lateFeeCents === null) throw tooLateToChange(rules);
  await db
    .update(appointments)
    .set({
      status: 'cancelled',
      cancelledAt: nowOf(rules),
      cancelledByUserId: userId,
      revision: sql`${appointments.revision} + 1`,
    })
    .where(eq(appointments.id, appointmentId));
  return { before: current, lateFeeCents: late ? lateFeeCents : null };
}

/**
 * The status after a customer's change: a confirmed visit whose time or services change is pending
 * again (the company confirms the new one); a change of comments only keeps it confirmed.
 */
export function statusAfterCustomerChange(
  current: AppointmentStatus,
  change: { isNewTime: boolean; isNewServices: boolean },
): AppointmentStatus {
  return current === 'confirmed' && (change.isNewTime || change.isNewServices) ? 'pending' : current;
}

/**
 * Online bookings stay inside the service area (issue 16, decision 026): a customer's booking whose postal
 * code is outside it is refused (409 OUTSIDE_SERVICE_AREA; the web app offers a quote request instead).
 * The admin books by phone anywhere (the office decided to go), and pays the surcharge of a prefix that
 * matches. A booking whose postal code is not known (a profile made before issue 16, nothing sent) is not
 * refused. `kept`: what a visit being changed was priced at (the same postal code keeps its surcharge).
 * Returns the place the visit is priced at (`placeFor`): its postal code and travel surcharge.
 */
export async function checkServiceArea(
  db: Db,
  postalCode: string | null,
  by: 'customer' | 'admin',
  kept?: VisitPlace,
): Promise<VisitPlace> {
  const needsArea = postalCode !== null && postalCode !== kept?.postalCode;
  const { served, ...place } = placeFor(
    needsArea ? (await findServiceArea(db)).prefixes : [],
    postalCode,
    kept,
  );
  if (!served && by === 'customer') {
    throw new AppError(
      'OUTSIDE_SERVICE_AREA',
      `We do not book ${place.postalCode ?? ''} online: it is outside our service area. Ask us for a quote instead.`,
      [{ path: 'body.postalCode', message: 'errors.OUTSIDE_SERVICE_AREA' }],
    );
  }
  return place;
}

/** A visit's stored place (`address`, `city`, `postal_code`) as a `VisitAddress`. */
export function placeOfVisit(visit: {
  address: string | null;
  city: string | null;
  postalCode: string | null;
}): VisitAddress {
  return { street: visit.address, city: visit.city, postalCode: visit.postalCode };
}

/** The columns a visit (or a series) keeps its place in: `address` (the street), `city`, `postal_code`. */
export function storedPlace(place: VisitAddress) {
  return { address: place.street, city: place.city, postalCode: place.postalCode };
}

/**
 * Where a booking or an admin's edit happens (issue 27): the address the request gives (`place`: street,
 * city and postal code), else `fallback` (the profile's address, or the visit's own). A postal code alone,
 * or one that is not the address's, is refused (400 on `body.postalCode`): the place checked against the
 * area and priced is always the place the visit happens.
 */
export function placeOfRequest(
  body: {
    place?: { street: string; city: string; postalCode: string } | undefined;
    postalCode?: string | undefined;
  },
  fallback: VisitAddress,
): VisitAddress {
  const { place, postalCode } = body;
  if (postalCode !== undefined && postalCode !== place?.postalCode) {
    throw invalid(
      'body.postalCode',
      'A postal code is sent with the address of the visit: place.street, place.city and place.postalCode.',
      'appointments.errors.postalCodeWithoutAddress',
    );
  }
  return place ? { street: place.street, city: place.city, postalCode: place.postalCode } : fallback;
}

/**
 * The customer record a booking (one visit or a series) is for: it exists, and it is the caller's own
 * (by the ownership rule, which needs a verified email) unless the caller is an admin; where the visit
 * happens (`placeOfRequest`: the address sent, else the profile's); and, for a customer's own booking,
 * that place is inside the service area (`checkServiceArea`); with cards on file, the customer has one.
 * Returns the customer with `where` (the
 * address to store) and `serviceArea` (its postal code and surcharge, to price).
 */
export async function customerToBookFor(
  db: Db,
  user: Owner & { permissions: ReadonlySet<string> },
  customerId: string,
  body: Parameters<typeof placeOfRequest>[0],
  /** PAYMENTS=stripe: a customer's own booking needs a card on file (decision 056). */
  cardsOnFile = false,
) {
  const customer = await findCustomerById(db, customerId);
  if (!customer) throw notFound('Customer profile');
  const isAdmin = user.permissions.has('admin');
  if (!isAdmin && !(await ownsCustomer(db, user, customer)))
    throw forbidden('You can only book for yourself.');
  requireCardOnFile(cardsOnFile, isAdmin ? 'admin' : 'customer', customer);
  const where = placeOfRequest(body, profilePlace(customer));
  const serviceArea = await checkServiceArea(db, where.postalCode, isAdmin ? 'admin' : 'customer');
  return { ...customer, where, serviceArea };
}
