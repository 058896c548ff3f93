import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { addressLine, type AppointmentStatus, type CalendarFeedOwner } from '@eclat/shared';
import {
  appointmentAssignments,
  appointmentServices,
  appointments,
  calendarFeeds,
} from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';

export type FeedOwner = { kind: CalendarFeedOwner; id: string };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const ownerColumn = (kind: CalendarFeedOwner) =>
  kind === 'customer' ? calendarFeeds.customerId : calendarFeeds.employeeId;

/** The current feed of a person's record, if any. */
export async function findFeed(db: Db, owner: FeedOwner) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(ownerColumn(owner.kind), owner.id));
  return row;
}

/**
 * Makes a new secret address for a record, replacing the previous one (which stops working at once).
 * Returns the secret: it is never stored, only its hash.
 */
export async function replaceFeed(db: Db, owner: FeedOwner, locale: string) {
  const token = randomBytes(32).toString('base64url');
  await db.delete(calendarFeeds).where(eq(ownerColumn(owner.kind), owner.id));
  const [row] = await db
    .insert(calendarFeeds)
    .values({
      tokenHash: hashOf(token),
      locale,
      ...(owner.kind === 'customer' ? { customerId: owner.id } : { employeeId: owner.id }),
    })
    .returning({ createdAt: calendarFeeds.createdAt });
  if (!row) throw new Error('The calendar address was not saved.');
  return { token, createdAt: row.createdAt };
}

export async function deleteFeed(db: Db, owner: FeedOwner): Promise<void> {
  await db.delete(calendarFeeds).where(eq(ownerColumn(owner.kind), owner.id));
}

/** The feed a secret opens, if it is current. */
export async function findFeedByToken(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashOf(token)));
  return row;
}

/** Visits a feed holds: from 30 days ago to 400 days ahead, at most this many. */
const FEED_DAYS_BACK = 30;
const FEED_DAYS_AHEAD = 400;
const FEED_LIMIT = 1000;

export type FeedVisit = {
  appointmentId: string;
  startsAt: string;
  endsAt: string;
  status: AppointmentStatus;
  customerName: string;
  address: string | null;
  comments: string | null;
  revision: number;
  services: { title: string }[];
};

/**
 * The visits of a feed: a customer's own (cancelled ones too, so subscribed calendars drop them; not
 * those still needing a time), or the jobs an employee is on (not cancelled). Two queries.
 */
export async function findFeedVisits(db: Db, owner: FeedOwner, now: Date): Promise<FeedVisit[]> {
  const from = new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000);
  const to = new Date(now.getTime() + FEED_DAYS_AHEAD * 86_400_000);
  const rows = await db
    .select({
      id: appointments.id,
      start: appointments.appointmentDate,
      end: appointments.endsAt,
      status: appointments.status,
      firstName: appointments.customerFirstName,
      lastName: appointments.customerLastName,
      address: appointments.address,
      city: appointments.city,
      postalCode: appointments.postalCode,
      comments: appointments.comments,
      revision: appointments.revision,
    })
    .from(appointments)
    .where(
      and(
        sql`${appointments.appointmentDate} >= ${from.toISOString()}::timestamptz`,
        sql`${appointments.appointmentDate} < ${to.toISOString()}::timestamptz`,
        eq(appointments.needsTime, false),
        owner.kind === 'customer'
          ? eq(appointments.customerId, owner.id)
          : and(
              ne(appointments.status, 'cancelled'),
              sql`exists (select 1 from ${appointmentAssignments} aa where aa.appointment_id = ${appointments.id} and aa.employee_id = ${owner.id})`,
            ),
      ),
    )
    .orderBy(asc(appointments.appointmentDate))
    .limit(FEED_LIMIT);
  const lines = rows.length
    ? await db
        .select({ appointmentId: appointmentServices.appointmentId, title: appointmentServices.title })
        .from(appointmentServices)
        .where(
          inArray(
            appointmentServices.appointmentId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(appointmentServices.position))
    : [];
  const titlesOf = new Map<string, { title: string }[]>();
  for (const line of lines) {
    titlesOf.set(line.appointmentId, [...(titlesOf.get(line.appointmentId) ?? []), { title: line.title }]);
  }
  return rows.map((row) => ({
    appointmentId: row.id,
    startsAt: row.start.toISOString(),
    endsAt: row.end.toISOString(),
    status: row.status,
    customerName: `${row.firstName} ${row.lastName}`.trim(),
    // Where the visit happens, on one line: the event's LOCATION (issue 27).
    address: addressLine(row),
    comments: row.comments,
    revision: row.revision,
    services: titlesOf.get(row.id) ?? [],
  }));
}
