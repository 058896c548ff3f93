import { SERVICE_ID_LENGTH } from '@eclat/shared';

/**
 * The services a visitor picked on /services, kept per browser tab (sessionStorage): they survive a
 * reload and the round trip through the sign-in pages, and the date and time page reads them when
 * it is opened without navigation state.
 */
export const SELECTED_SERVICES_KEY = 'eclat.services.selection';

/** Navigation state handed to /calendar-select (spec §2: the selected service ids). */
export type ServiceSelectionState = { serviceIds: string[] };

type SelectionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** More than any catalogue holds; guards against a tampered store. */
const MAX_SELECTED = 100;

function defaultStore(): SelectionStore | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Distinct, well-formed service ids from any value (a stored string, navigation state). */
export function toServiceIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const ids = value.filter(
    (id): id is string => typeof id === 'string' && id.length === SERVICE_ID_LENGTH && /^[\w-]+$/.test(id),
  );
  return [...new Set(ids)].slice(0, MAX_SELECTED);
}

export function readSelectedServices(store = defaultStore()): string[] {
  try {
    const raw = store?.getItem(SELECTED_SERVICES_KEY);
    return raw ? toServiceIds(JSON.parse(raw)) : [];
  } catch {
    return [];
  }
}

export function writeSelectedServices(ids: readonly string[], store = defaultStore()): void {
  try {
    const clean = toServiceIds(ids);
    if (clean.length === 0) store?.removeItem(SELECTED_SERVICES_KEY);
    else store?.setItem(SELECTED_SERVICES_KEY, JSON.stringify(clean));
  } catch {
    // Storage full or blocked: the selection still lives in the page until it is left.
  }
}

/** The selection handed over in navigation state, else the one kept in sessionStorage (reload, sign-in). */
export function readInitialServiceIds(state: unknown, store = defaultStore()): string[] {
  const fromState = toServiceIds((state as Partial<ServiceSelectionState> | null)?.serviceIds);
  return fromState.length > 0 ? fromState : readSelectedServices(store);
}
