import { createEvents, type EventAttributes } from 'ics';
import type { AppointmentStatus, Locale } from '@eclat/shared';
import type { AppointmentEmailData } from './templates/appointment.ts';
import type { SeriesConfirmationData } from './templates/series.ts';
import type { VisitNoticeData } from './templates/visit-notice.ts';
import { formatDateTime } from './format.ts';
import type { RenderContext } from './layout.ts';

const TEXT = {
  en: {
    summary: (brand: string) => `${brand} cleaning`,
    services: 'Services',
    local: 'Local time',
    sep: ': ',
  },
  fr: {
    summary: (brand: string) => `Ménage ${brand}`,
    services: 'Services',
    local: 'Heure locale',
    sep: '\u00a0: ',
  },
} as const;

/**
 * What a visit's calendar event is made of: a one-off appointment and a series' visit alike. Its UID is
 * the appointment's, so every file about one visit (the booking, the series' confirmation, a move, a
 * skip) speaks of the same event.
 */
export type VisitEventSource = {
  appointmentId: string;
  startsAt: string;
  endsAt: string;
  services: readonly { title: string }[];
  address: string | null;
  comments: string | null;
  /**
   * The appointment's revision, written as SEQUENCE: a calendar replaces its copy of the event with a
   * version of a higher SEQUENCE. Left out, the event has none (0 for calendars).
   */
  revision?: number;
  /** The event's title; by default "<brand> cleaning". */
  title?: string;
  /** The page the event links to: the customer's appointments unless given (a cleaner's schedule). */
  url?: string;
  /**
   * The visit's status, which the event's STATUS follows (`calendarStatusOf`). Left out (a job queued
   * before it was carried), the event is CONFIRMED as it always was.
   */
  status?: AppointmentStatus | undefined;
};

/** An event's STATUS (RFC 5545 §3.8.1.11). */
export type CalendarStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

/**
 * The STATUS of a visit's event: a pending visit (not yet confirmed by the office, or moved since) is
 * TENTATIVE; confirmed and completed ones are CONFIRMED; a cancelled one is CANCELLED.
 */
export function calendarStatusOf(status: AppointmentStatus | undefined): CalendarStatus {
  if (status === 'pending') return 'TENTATIVE';
  if (status === 'cancelled') return 'CANCELLED';
  return 'CONFIRMED';
}

/**
 * How a calendar file speaks of its events (RFC 5546). Our events are published, not meeting requests:
 * the customer is not an attendee who answers, and the files carry no ORGANIZER or ATTENDEE (which REQUEST
 * requires). RFC 5546 §3.2.1: a publisher updates an event it published with another PUBLISH of the same
 * UID and a higher SEQUENCE, and removes it with CANCEL (§3.2.5). So a moved visit is published again
 * rather than sent as REQUEST, which would turn the event the calendar imported as published into a
 * meeting invitation (Accept / Decline) that the customer cannot answer anyone about.
 */
type CalendarMethod = 'PUBLISH' | 'CANCEL';

/** The MIME type of a calendar attachment; its `method` parameter must match the file's METHOD. */
export function calendarContentType(method: CalendarMethod): string {
  return `text/calendar; charset=utf-8; method=${method}`;
}

function visitEvent(
  visit: VisitEventSource,
  status: CalendarStatus,
  locale: Locale,
  ctx: RenderContext,
): EventAttributes {
  const t = TEXT[locale];
  const start = new Date(visit.startsAt);
  const end = new Date(visit.endsAt);
  return {
    uid: `${visit.appointmentId}@${new URL(ctx.publicUrl).hostname}`,
    ...(visit.revision === undefined ? {} : { sequence: visit.revision }),
    title: visit.title ?? t.summary(ctx.brandName),
    description: [
      `${t.local} (${ctx.timeZone})${t.sep}${formatDateTime(start, locale, ctx.timeZone)}`,
      `${t.services}${t.sep}${visit.services.map((service) => service.title).join(', ')}`,
      ...(visit.comments ? [visit.comments] : []),
      visit.url ?? `${ctx.publicUrl}/my-appointments`,
    ].join('\n'),
    ...(visit.address ? { location: visit.address } : {}),
    start: start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    status,
    busyStatus: status === 'CANCELLED' ? 'FREE' : status === 'TENTATIVE' ? 'TENTATIVE' : 'BUSY',
    url: visit.url ?? `${ctx.publicUrl}/my-appointments`,
  };
}

/**
 * A calendar file of visits. Start and end are written as exact instants (UTC), so every calendar shows
 * the business-local time the customer booked, whatever the device's time zone; the description repeats
 * it in the business time zone.
 */
function visitCalendar(
  visits: readonly VisitEventSource[],
  method: CalendarMethod,
  locale: Locale,
  ctx: RenderContext,
): string {
  const { error, value } = createEvents(
    visits.map((visit) =>
      visitEvent(visit, method === 'CANCEL' ? 'CANCELLED' : calendarStatusOf(visit.status), locale, ctx),
    ),
    { productId: `-//${ctx.brandName}//Bookings//${locale.toUpperCase()}`, method },
  );
  if (error || !value) throw error ?? new Error('Could not create the calendar file.');
  return value;
}

/** The calendar invitation (.ics) of a one-off appointment. */
export function createAppointmentInvite(
  data: AppointmentEmailData,
  locale: Locale,
  ctx: RenderContext,
): string {
  return visitCalendar([data], 'PUBLISH', locale, ctx);
}

/**
 * One calendar file for a series' listed visits: one event per visit that has a time (a visit that needs
 * one has no event until it is placed; its "moved" notice then publishes it). Null when none has a time.
 */
export function createSeriesInvite(
  data: SeriesConfirmationData,
  locale: Locale,
  ctx: RenderContext,
): string | null {
  const placed = data.visits.filter((visit) => !visit.needsTime);
  if (placed.length === 0) return null;
  return visitCalendar(
    placed.map((visit) => ({
      appointmentId: visit.appointmentId,
      startsAt: visit.startsAt,
      endsAt: visit.endsAt,
      services: data.services,
      address: data.address,
      comments: data.comments,
      revision: visit.revision,
      status: visit.status,
    })),
    'PUBLISH',
    locale,
    ctx,
  );
}

/**
 * The calendar file of a visit after a change (decision 023): confirmed, moved or assigned, its event
 * published again; cancelled or unassigned, its event cancelled. Same UID, SEQUENCE = the visit's
 * revision after the change. A cleaner's copy links to their schedule.
 */
export function createVisitChange(
  data: VisitNoticeData,
  method: CalendarMethod,
  locale: Locale,
  ctx: RenderContext,
): string {
  return visitCalendar(
    [
      {
        ...data,
        comments: null,
        ...(data.audience === 'employee' ? { url: `${ctx.publicUrl}/employee-schedule` } : {}),
      },
    ],
    method,
    locale,
    ctx,
  );
}

/**
 * A subscribed calendar's feed (`/calendar/{secret}.ics`): every visit its event, its STATUS following the
 * visit (a cancelled one CANCELLED so calendars that had it drop it); same UIDs and SEQUENCEs as the
 * emailed files, so an event imported from an email and the feed's are one.
 */
export function createVisitFeed(
  visits: readonly (VisitEventSource & { status: AppointmentStatus })[],
  calendarName: string,
  locale: Locale,
  ctx: RenderContext,
): string {
  const productId = `-//${ctx.brandName}//Bookings//${locale.toUpperCase()}`;
  // An empty calendar is still a calendar (the ics package writes none without events).
  if (visits.length === 0) {
    return [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      `PRODID:${productId}`,
      'METHOD:PUBLISH',
      `X-WR-CALNAME:${calendarName.replace(/([,;\\])/g, '\\$1')}`,
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  }
  const { error, value } = createEvents(
    visits.map((visit) => visitEvent(visit, calendarStatusOf(visit.status), locale, ctx)),
    { productId, method: 'PUBLISH', calName: calendarName },
  );
  if (error || !value) throw error ?? new Error('Could not create the calendar feed.');
  return value;
}
