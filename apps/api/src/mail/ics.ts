import { createEvent } from 'ics';
import type { Locale } from '@eclat/shared';
import type { AppointmentEmailData } from './templates/appointment.ts';
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
 * A calendar invitation (.ics) for an appointment. Start and end are written as exact instants (UTC), so
 * every calendar shows the business-local time the customer booked, whatever the device's time zone;
 * the description repeats it in the business time zone.
 */
export function createAppointmentInvite(
  data: AppointmentEmailData,
  locale: Locale,
  ctx: RenderContext,
): string {
  const t = TEXT[locale];
  const start = new Date(data.startsAt);
  const end = new Date(data.endsAt);
  const { error, value } = createEvent({
    uid: `${data.appointmentId}@${new URL(ctx.publicUrl).hostname}`,
    productId: `-//${ctx.brandName}//Bookings//${locale.toUpperCase()}`,
    method: 'PUBLISH',
    title: t.summary(ctx.brandName),
    description: [
      `${t.local} (${ctx.timeZone})${t.sep}${formatDateTime(start, locale, ctx.timeZone)}`,
      `${t.services}${t.sep}${data.services.map((service) => service.title).join(', ')}`,
      ...(data.comments ? [data.comments] : []),
      `${ctx.publicUrl}/my-appointments`,
    ].join('\n'),
    ...(data.address ? { location: data.address } : {}),
    start: start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    url: `${ctx.publicUrl}/my-appointments`,
  });
  if (error || !value) throw error ?? new Error('Could not create the calendar invitation.');
  return value;
}
