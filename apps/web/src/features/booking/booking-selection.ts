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
  /** Set by checkout when the slot filled meanwhile: choose another time for the same services. */
  isSlotFull?: boolean;
};

type SlotStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStore(): SlotStore | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** An instant (ISO 8601) as the API sends a slot's start, or null. */
export function toAppointmentDate(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  return Number.isNaN(Date.parse(value)) ? null : value;
}

/** The appointment date of navigation state, if any. */
export function readStateAppointmentDate(state: unknown): string | null {
  if (state === null || typeof state !== 'object') return null;
  return toAppointmentDate((state as Partial<BookingState>).appointmentDate);
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
