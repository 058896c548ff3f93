import { FREQUENCIES, type Frequency } from '@eclat/shared';

import { paths } from '@/config/paths';

/**
 * Where the customer was when they left for Stripe's card page (decision 056), kept per browser tab
 * (sessionStorage) because the way back is the server's fixed success address (`/profile?card=saved`):
 * the profile, or checkout with what its form held that the tab's storage does not keep already (the
 * frequency and the comments). Only known pages: no open redirect.
 */
const CARD_RETURN_KEY = 'eclat.payments.card-return';
const MAX_COMMENTS = 1000;

export type CardReturn = { page: 'profile' } | { page: 'checkout'; frequency: Frequency; comments: string };

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStore(): Store | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function writeCardReturn(value: CardReturn, store = defaultStore()): void {
  try {
    store?.setItem(CARD_RETURN_KEY, JSON.stringify(value));
  } catch {
    // A full or refused storage: the customer comes back to the profile.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isFrequency = (value: unknown): value is Frequency =>
  typeof value === 'string' && (FREQUENCIES as readonly string[]).includes(value);

/** What was written, if it is still well-formed; anything else reads as the profile. */
export function readCardReturn(store = defaultStore()): CardReturn {
  try {
    const raw: unknown = JSON.parse(store?.getItem(CARD_RETURN_KEY) ?? 'null');
    if (isRecord(raw) && raw.page === 'checkout' && isFrequency(raw.frequency)) {
      const comments = typeof raw.comments === 'string' ? raw.comments.slice(0, MAX_COMMENTS) : '';
      return { page: 'checkout', frequency: raw.frequency, comments };
    }
  } catch {
    // Not JSON: the profile.
  }
  return { page: 'profile' };
}

/** What checkout left when the customer went to the card page (null when it was the profile). */
export function readCheckoutReturn(store = defaultStore()): Extract<CardReturn, { page: 'checkout' }> | null {
  const value = readCardReturn(store);
  return value.page === 'checkout' ? value : null;
}

/** Forgotten once checkout has read it back. */
export function clearCardReturn(store = defaultStore()): void {
  try {
    store?.removeItem(CARD_RETURN_KEY);
  } catch {
    // Read only: read again next time, harmlessly.
  }
}

export const cardReturnHref = (value: CardReturn) =>
  value.page === 'checkout' ? paths.checkout.getHref() : paths.profile.getHref();
