import { NEW_APPOINTMENT_MERGE_MS, type Appointment, type AppointmentStatus } from '@eclat/shared';

/** The my-appointments filter (spec §2, §4). */
export const APPOINTMENT_FILTERS = ['all', 'pending', 'confirmed', 'cancelled'] as const;
export type AppointmentFilter = (typeof APPOINTMENT_FILTERS)[number];

export function isAppointmentFilter(value: unknown): value is AppointmentFilter {
  return typeof value === 'string' && (APPOINTMENT_FILTERS as readonly string[]).includes(value);
}

/**
 * A just-booked appointment handed over by checkout in navigation state, with the time (client
 * clock, ms) it arrived, so its age never depends on the server's clock.
 */
export type FreshAppointment = { appointment: Appointment; receivedAt: number };

/** Newest first by appointment date (spec §7), a new array. */
export function sortNewestFirst(appointments: readonly Appointment[]): Appointment[] {
  return [...appointments].sort((a, b) => Date.parse(b.appointmentDate) - Date.parse(a.appointmentDate));
}

/**
 * Spec §4, §9: the list just fetched, plus the freshly created appointment when the fetch does not
 * contain it yet and it is less than NEW_APPOINTMENT_MERGE_MS old at `now` (when the list arrived).
 */
export function mergeNewAppointment(
  fetched: readonly Appointment[],
  fresh: FreshAppointment | null | undefined,
  now: number,
): Appointment[] {
  if (!fresh) return [...fetched];
  const age = now - fresh.receivedAt;
  const isKnown = fetched.some((item) => item.appointmentId === fresh.appointment.appointmentId);
  if (isKnown || age < 0 || age >= NEW_APPOINTMENT_MERGE_MS) return [...fetched];
  return sortNewestFirst([fresh.appointment, ...fetched]);
}

/**
 * The appointments a filter shows. A cancelled appointment is kept on the server (history) but,
 * as the spec's cancel "removes it from the list", it only shows under the cancelled filter.
 */
export function filterAppointments(
  appointments: readonly Appointment[],
  filter: AppointmentFilter,
): Appointment[] {
  if (filter === 'all') return appointments.filter((item) => item.status !== 'cancelled');
  return appointments.filter((item) => item.status === filter);
}

/**
 * Badge colour per status (spec §4: styles for confirmed, pending, cancelled and a default), filled
 * shades that keep AA contrast with the text autoContrast picks (white, or ink on yellow).
 */
export function statusColor(status: AppointmentStatus): string {
  switch (status) {
    case 'confirmed':
      return 'eclat.6';
    case 'pending':
      return 'yellow.4';
    case 'cancelled':
      return 'red.9';
    default:
      return 'gray.7';
  }
}

/** Navigation state of /my-appointments: the appointment checkout just booked, if any. */
export type MyAppointmentsState = { fresh?: FreshAppointment; isBooked?: boolean };

/** The fresh appointment of navigation state, checked (state can be anything after a reload). */
export function readFreshAppointment(
  state: unknown,
  parse: (value: unknown) => FreshAppointment['appointment'] | null,
): FreshAppointment | null {
  if (state === null || typeof state !== 'object') return null;
  const fresh = (state as MyAppointmentsState).fresh;
  if (!fresh || typeof fresh.receivedAt !== 'number') return null;
  const appointment = parse(fresh.appointment);
  return appointment ? { appointment, receivedAt: fresh.receivedAt } : null;
}
