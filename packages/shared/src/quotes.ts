// Apart from the schemas (schemas/quotes.ts): constants the server's tables and the web app share.
import { SERVICE_IMAGE_MAX_BYTES } from './service-images.ts';

/**
 * A quote request's life (issue 16, decision 026): `requested` by the customer, `answered` by the admin
 * with a price (again while not decided), then `accepted` (a visit is booked at that price) or
 * `declined` by the customer, or `expired` when nobody decided within `QUOTE_VALID_DAYS` of the answer.
 */
export const QUOTE_STATUSES = ['requested', 'answered', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** How long an answered quote can be accepted. */
export const QUOTE_VALID_DAYS = 30;
/** Photos a request may carry, each a JPEG or PNG checked like a service's picture (2 MB at most). */
export const MAX_QUOTE_PHOTOS = 3;
export const QUOTE_PHOTO_MAX_BYTES = SERVICE_IMAGE_MAX_BYTES;
/** Preferred dates a request may name. */
export const MAX_QUOTE_DATES = 3;
/** The largest price an admin may quote, in cents ($100,000). */
export const MAX_QUOTE_CENTS = 10_000_000;

/** When an answer given at `answeredAt` expires: `QUOTE_VALID_DAYS` later (the one place of that rule). */
export function quoteExpiresAt(answeredAt: Date): Date {
  return new Date(answeredAt.getTime() + QUOTE_VALID_DAYS * 24 * 60 * 60 * 1000);
}

/** The status a quote shows at `now`: an answer not decided in time has expired. */
export function quoteStatusAt(
  quote: { status: QuoteStatus; expiresAt: string | Date | null },
  now: Date = new Date(),
): QuoteStatus {
  if (quote.status !== 'answered' || quote.expiresAt === null) return quote.status;
  return new Date(quote.expiresAt).getTime() <= now.getTime() ? 'expired' : 'answered';
}
