import { extraIdsSchema, homeSchema, type Home } from '@eclat/shared';

import type { TypedPlace } from './home-place';

/**
 * The home and extras of the booking under way (decision 025), kept per browser tab beside the chosen
 * services and slot, so a reload of /calendar-select or /checkout keeps them; the routes hand them over
 * in navigation state too.
 */
export const BOOKING_HOME_KEY = 'eclat.booking.home';

export type BookingHome = {
  home: Home;
  extraIds: string[];
  /** Another address as typed in "Your home" (issue 27); absent: the visit is at the profile's address. */
  place?: TypedPlace;
};
export const EMPTY_BOOKING_HOME: BookingHome = { home: {}, extraIds: [] };

type HomeStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStore(): HomeStore | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** A home and extras from any value (navigation state, a stored string); null when unreadable. */
export function toBookingHome(value: unknown): BookingHome | null {
  if (value === null || typeof value !== 'object') return null;
  const { home, extraIds, place } = value as Partial<Record<keyof BookingHome, unknown>>;
  const parsedHome = homeSchema.safeParse(home ?? {});
  const parsedExtras = extraIdsSchema.safeParse(extraIds ?? []);
  if (!parsedHome.success || !parsedExtras.success) return null;
  return {
    home: parsedHome.data,
    extraIds: [...new Set(parsedExtras.data)],
    // As typed (checked where it is shown); anything else is dropped.
    ...(isTypedPlace(place) && {
      place: { street: place.street, city: place.city, postalCode: place.postalCode },
    }),
  };
}

/** The choice with another address typed, or back at the default address (`typed` undefined). */
export function withPlace(choice: BookingHome, typed: TypedPlace | undefined): BookingHome {
  const { place: _previous, ...rest } = choice;
  return typed ? { ...rest, place: typed } : rest;
}

/** Three strings of a sensible length: another address as typed. */
function isTypedPlace(value: unknown): value is TypedPlace {
  if (value === null || typeof value !== 'object') return false;
  const fields = value as Partial<Record<keyof TypedPlace, unknown>>;
  return [fields.street, fields.city, fields.postalCode].every(
    (field) => typeof field === 'string' && field.length <= 200,
  );
}

export function readBookingHome(store = defaultStore()): BookingHome | null {
  try {
    const raw = store?.getItem(BOOKING_HOME_KEY);
    return raw ? toBookingHome(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export function writeBookingHome(choice: BookingHome | null, store = defaultStore()): void {
  try {
    if (choice) store?.setItem(BOOKING_HOME_KEY, JSON.stringify(choice));
    else store?.removeItem(BOOKING_HOME_KEY);
  } catch {
    // Storage blocked: the choice still travels in navigation state.
  }
}

/** The home handed over in navigation state, else the one kept for the tab, else none. */
export function readInitialBookingHome(state: unknown, store = defaultStore()): BookingHome {
  const fromState =
    state !== null && typeof state === 'object' && 'home' in state ? toBookingHome(state) : null;
  return fromState ?? readBookingHome(store) ?? EMPTY_BOOKING_HOME;
}

/** The query of `/slots` and `/slots/days` for a home and extras (empty values left out). */
export function homeQuery(choice: BookingHome): Record<string, string | undefined> {
  const { home, extraIds } = choice;
  const text = (value: number | undefined) => (value === undefined ? undefined : String(value));
  return {
    bedrooms: text(home.bedrooms),
    bathrooms: text(home.bathrooms),
    area: text(home.area),
    areaUnit: home.area === undefined ? undefined : home.areaUnit,
    extraIds: extraIds.length ? extraIds.join(',') : undefined,
  };
}
