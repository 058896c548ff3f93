import {
  MAX_SLOT_DAYS,
  MAX_TOTAL_PAGES,
  quoteExpiresAt,
  quoteStatusAt,
  type acceptQuoteInputSchema,
  type answerQuoteInputSchema,
  type createQuoteInputSchema,
  type Locale,
  type Quote,
  type QuoteStatus,
} from '@eclat/shared';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { findOwnCustomer, isTheirs, requireVerifiedEmail } from '../auth/ownership.ts';
import { findPricedServices } from '../appointments/appointments.repository.ts';
import { bookingRulesOf, computeSlotDays, computeSlots } from '../appointments/booking.service.ts';
import { bookQuotedVisit } from './quoted-visit.ts';
import { decodeServiceImage } from '../services/service-image.ts';
import {
  findCustomerQuotes,
  findQuote,
  findQuotePhoto,
  findQuotesPage,
  insertQuote,
  lockQuote,
  updateQuote,
} from './quotes.repository.ts';

/**
 * Quote requests (issue 16, decision 026): a customer asks (quote-only services, an address outside the
 * service area), the business is emailed; the admin answers with a price and the visit's length, the
 * customer is emailed; the customer accepts (a visit at that price, `bookQuotedVisit`) or declines.
 * Every write and its transaction is here; the routes parse, call and answer.
 */

export type QuotesDeps = { db: Db; jobs: Jobs; config: AppConfig };
/** What a read needs. */
type Reader = Pick<QuotesDeps, 'db'>;

type CreateQuoteInput = z.output<typeof createQuoteInputSchema>;
type AnswerQuoteInput = z.output<typeof answerQuoteInputSchema>;
type AcceptQuoteInput = z.output<typeof acceptQuoteInputSchema>;

const DAY = 24 * 60 * 60 * 1000;

const closed = (message: string) => new AppError('QUOTE_CLOSED', message);

/** The quote, if the caller may see it: its customer's own, or any for an admin (403 otherwise). */
export async function visibleQuote({ db }: Reader, user: AuthContext, quoteId: string): Promise<Quote> {
  const quote = await findQuote(db, quoteId);
  if (!quote) throw notFound('Quote');
  if (user.permissions.has('admin')) return quote;
  const customer = await findOwnCustomer(db, user);
  if (!isTheirs(customer, quote.customerId)) throw forbidden('You can only see your own quotes.');
  return quote;
}

/** The caller's own customer record, for a decision on their quote. */
async function ownCustomer(db: Db, user: AuthContext) {
  requireVerifiedEmail(user);
  const customer = await findOwnCustomer(db, user);
  if (!customer) throw notFound('Customer profile');
  return customer;
}

async function quoteNow(db: Db, quoteId: string): Promise<Quote> {
  const quote = await findQuote(db, quoteId);
  if (!quote) throw notFound('Quote');
  return quote;
}

/** A customer asks for a quote; the business is emailed in the same transaction. */
export async function requestQuote(
  { db, jobs, config }: QuotesDeps,
  user: AuthContext,
  input: CreateQuoteInput,
  locale: Locale,
): Promise<Quote> {
  const customer = await ownCustomer(db, user);
  const { photos, serviceIds, locale: _asked, ...fields } = input;
  const decoded = photos.map((photo, index) => decodeServiceImage(photo, `body.photos.${index}`));
  const unique = [...new Set(serviceIds)];
  const found = await findPricedServices(db, unique);
  const byId = new Map(found.map((service) => [service.serviceId, service]));
  if (unique.some((id) => !byId.get(id)?.isAvailable)) {
    throw new AppError('VALIDATION_ERROR', 'A chosen service does not exist or is not offered.', [
      { path: 'body.serviceIds', message: 'quotes.errors.services' },
    ]);
  }
  const services = unique.flatMap((id) => {
    const service = byId.get(id);
    return service ? [{ serviceId: service.serviceId, title: service.title }] : [];
  });
  const quoteId = await jobs.transaction(async (tx) => {
    const id = await insertQuote(
      tx.db,
      { ...fields, customerId: customer.id, services, locale, createdByUserId: user.userId },
      decoded,
    );
    const what = [services.map((service) => service.title).join(', '), fields.description]
      .filter(Boolean)
      .join('\n\n');
    await tx.enqueue('email', {
      to: config.contactTo,
      locale: config.businessLocale,
      replyTo: customer.email,
      message: {
        template: 'quote-request',
        data: {
          quoteId: id,
          customerName: `${customer.firstName} ${customer.lastName}`,
          customerEmail: customer.email,
          what,
          address: fields.address,
          postalCode: fields.postalCode,
          photoCount: decoded.length,
        },
      },
    });
    return id;
  });
  return quoteNow(db, quoteId);
}

/** The caller's own quote requests, newest first (none without a customer profile). */
export async function myQuotes({ db }: Reader, user: AuthContext): Promise<Quote[]> {
  const customer = await findOwnCustomer(db, user);
  return customer ? findCustomerQuotes(db, customer.id) : [];
}

/** A page of quote requests (admin), newest first, optionally of one status. */
export async function quotesPage(
  { db }: Reader,
  query: { page: number; size: number; status?: QuoteStatus | undefined },
) {
  const { page, size, status } = query;
  const { content, totalElements } = await findQuotesPage(db, { page, size, status });
  return {
    content,
    page,
    size,
    totalElements,
    totalPages: Math.min(Math.ceil(totalElements / size), MAX_TOTAL_PAGES),
  };
}

/** A photo of a quote the caller may see. */
export async function quotePhoto({ db }: Reader, user: AuthContext, quoteId: string, index: number) {
  await visibleQuote({ db }, user, quoteId);
  const photo = await findQuotePhoto(db, quoteId, index);
  if (!photo) throw notFound('Photo');
  return photo;
}

/**
 * The admin answers (or changes an answer not yet decided): it expires `quoteExpiresAt` the answer, and
 * the customer is emailed in the same transaction.
 */
export async function answerQuote(
  { db, jobs }: QuotesDeps,
  user: AuthContext,
  quoteId: string,
  answer: AnswerQuoteInput,
): Promise<Quote> {
  await jobs.transaction(async (tx) => {
    const quote = await lockQuote(tx.db, quoteId);
    if (!quote) throw notFound('Quote');
    if (quote.status === 'accepted' || quote.status === 'declined') {
      throw closed(`This quote is ${quote.status}: its answer can no longer change.`);
    }
    const now = new Date();
    const expiresAt = quoteExpiresAt(now);
    await updateQuote(tx.db, quoteId, {
      ...answer,
      status: 'answered',
      answeredAt: now,
      answeredByUserId: user.userId,
      expiresAt,
    });
    const answered = await findQuote(tx.db, quoteId, now);
    if (!answered) throw notFound('Quote');
    await tx.enqueue('email', {
      to: answered.customerEmail,
      locale: quote.locale === 'fr' ? 'fr' : 'en',
      message: {
        template: 'quote-answered',
        data: {
          quoteId,
          customerFirstName: answered.customerFirstName,
          priceCents: answer.priceCents,
          durationMinutes: answer.durationMinutes,
          message: answer.message,
          expiresAt: expiresAt.toISOString(),
        },
      },
    });
  });
  return quoteNow(db, quoteId);
}

/** The customer accepts their answered quote: one visit at its price and length (`bookQuotedVisit`). */
export async function acceptQuote(
  { db, jobs, config }: QuotesDeps,
  user: AuthContext,
  quoteId: string,
  input: AcceptQuoteInput,
  locale: Locale,
) {
  const customer = await ownCustomer(db, user);
  return bookQuotedVisit(
    { db, jobs },
    {
      quoteId,
      customer,
      appointmentDate: input.appointmentDate,
      comments: input.comments ?? null,
      locale,
      userId: user.userId,
    },
    bookingRulesOf(config),
  );
}

/** The customer declines their quote (answered, or still waiting for its answer). */
export async function declineQuote(
  { db, jobs }: QuotesDeps,
  user: AuthContext,
  quoteId: string,
): Promise<Quote> {
  const customer = await ownCustomer(db, user);
  await jobs.transaction(async (tx) => {
    const quote = await lockQuote(tx.db, quoteId);
    if (!quote) throw notFound('Quote');
    if (!isTheirs(customer, quote.customerId)) throw forbidden('You can only decline your own quotes.');
    const status = quoteStatusAt(quote);
    if (status !== 'answered' && status !== 'requested') {
      throw closed(`This quote is ${status}: it can no longer be declined.`);
    }
    await updateQuote(tx.db, quoteId, { status: 'declined', decidedAt: new Date() });
  });
  return quoteNow(db, quoteId);
}

/** The quote's visit length, for its slots: the caller's own answered quote, or any for an admin. */
async function quoteMinutes(db: Db, user: AuthContext, quoteId: string) {
  const quote = await visibleQuote({ db }, user, quoteId);
  if (quote.status !== 'answered' || quote.durationMinutes === null) {
    throw closed('Only an answered quote has times to choose from.');
  }
  return quote.durationMinutes;
}

/** A day's start times for an answered quote's visit. */
export async function quoteSlots(
  { db, config }: QuotesDeps,
  user: AuthContext,
  quoteId: string,
  date: string,
) {
  const minutes = await quoteMinutes(db, user, quoteId);
  return computeSlots(db, date, minutes, bookingRulesOf(config));
}

/** The days from `from` to `to` (at most `MAX_SLOT_DAYS`) with a start time for an answered quote's visit. */
export async function quoteSlotDays(
  { db, config }: QuotesDeps,
  user: AuthContext,
  quoteId: string,
  range: { from: string; to: string },
) {
  const { from, to } = range;
  if (to < from || (Date.parse(to) - Date.parse(from)) / DAY >= MAX_SLOT_DAYS) {
    throw new AppError('VALIDATION_ERROR', `Ask for 1 to ${MAX_SLOT_DAYS} days.`, [
      { path: 'querystring.to', message: 'validation.dateRange' },
    ]);
  }
  const minutes = await quoteMinutes(db, user, quoteId);
  return computeSlotDays(db, { from, to }, minutes, bookingRulesOf(config));
}
