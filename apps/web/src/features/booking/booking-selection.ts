import { DEFAULT_APPOINTMENT_HOUR, SLOT_REASONS, fromLocal, type Home, type SlotReason } from '@eclat/shared';

/**
 * The chosen slot, kept per browser tab (sessionStorage) beside the services selection, so a reload
 * of /calendar-select or /checkout keeps it. The services themselves stay in the services
 * feature's store; the routes hand both over in navigation state too.
 */
export const BOOKING_SLOT_KEY = 'eclat.booking.slot';

/** Navigation state of /calendar-select -> /checkout (spec §2: service ids and the date). */
export type BookingState = {
  serviceIds: string[];
  appointmentDate: string | null;
  /** The home and extras of "Your home" (decision 025), read back by `readInitialBookingHome`. */
  home?: Home;
  extraIds?: string[];
  /**
   * Set by checkout when the time was refused (full, no cleaner free meanwhile, too soon...): the
   * calendar says why and asks for another time for the same services.
   */
  refusedReason?: SlotReason;
};

type SlotStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStore(): SlotStore | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (no 2026-02-31). */
function isCalendarDate(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The appointment date handed to the booking pages: an instant (ISO 8601) as the API sends a slot's
 * start, or a date without a time (YYYY-MM-DD), which means 12:00 (see `appointmentStart`); else null.
 */
export function toAppointmentDate(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  if (isCalendarDate(value)) return value;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  return Number.isNaN(Date.parse(value)) ? null : value;
}

/**
 * The start to book (an instant) for an appointment date: a date without a time defaults to
 * DEFAULT_APPOINTMENT_HOUR (12:00) in the business time zone (spec §5 Checkout, §9).
 */
export function appointmentStart(appointmentDate: string, timeZone: string): string {
  return isCalendarDate(appointmentDate)
    ? fromLocal(appointmentDate, DEFAULT_APPOINTMENT_HOUR, 0, timeZone).toISOString()
    : appointmentDate;
}

/** The appointment date of navigation state, if any. */
export function readStateAppointmentDate(state: unknown): string | null {
  if (state === null || typeof state !== 'object') return null;
  return toAppointmentDate((state as Partial<BookingState>).appointmentDate);
}

/** Why checkout sent the person back to choose another time, if it did. */
export function readStateRefusedReason(state: unknown): SlotReason | null {
  if (state === null || typeof state !== 'object') return null;
  const reason = (state as Partial<BookingState>).refusedReason;
  return SLOT_REASONS.find((known) => known === reason) ?? null;
}

export function readBookingSlot(store = defaultStore()): string | null {
  try {
    return toAppointmentDate(store?.getItem(BOOKING_SLOT_KEY) ?? null);
  } catch {
    return null;
  }
}

export function writeBookingSlot(appointmentDate: string | null, store = defaultStore()): void {
  try {
    const clean = toAppointmentDate(appointmentDate);
    if (clean) store?.setItem(BOOKING_SLOT_KEY, clean);
    else store?.removeItem(BOOKING_SLOT_KEY);
  } catch {
    // Storage blocked: the choice still travels in navigation state.
  }
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/**
 * A fresh Idempotency-Key (24 characters of [A-Za-z0-9_-]): made once per checkout visit and sent
 * again on a retry, so a double click or a lost answer never books twice.
 */
export function createIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (byte) => KEY_ALPHABET[byte % KEY_ALPHABET.length] ?? '0').join('');
}
