import {
  appointmentSchema,
  homeWithinLimits,
  quoteStatusAt,
  visitEnd,
  type Locale,
  type PriceBreakdown,
} from '@eclat/shared';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Db } from '../../db/transaction.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { findAppointment } from '../appointments/appointments.repository.ts';
import { bookVisitInTransaction, queueBookingConfirmation } from '../appointments/appointments.service.ts';
import { checkFitsOneDay, checkStart, type BookingRules } from '../appointments/booking.service.ts';
import { isTheirs } from '../auth/ownership.ts';
import { lockQuote, updateQuote, type QuoteRow } from './quotes.repository.ts';

/** The line a quoted visit shows: the services asked about, else the start of the description. */
export function quotedLineTitle(quote: Pick<QuoteRow, 'services' | 'description'>): string {
  const titles = quote.services.map((service) => service.title).join(', ');
  if (titles) return titles;
  const text = quote.description.replace(/\s+/g, ' ').trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

const nowOf = (rules: BookingRules) => rules.now ?? new Date();

/**
 * Accepting a quote books its visit (issue 16, decision 026), the one place it happens: the start is
 * checked like any customer's booking (a slot, in the future, the notice, the horizon, one business
 * day), then in one transaction the quote's row is locked (so two acceptances at once book one visit:
 * the second finds it accepted, 409 QUOTE_CLOSED), it must be the caller's, answered and not expired;
 * the visit is written like every booking (`bookVisitInTransaction`: the customer, day and cleaner locks,
 * capacity, overlaps and open visits) with one line at the quote's price and length (its breakdown too),
 * the quote marked accepted with it, and the booking confirmation queued. Returns the visit. It lives
 * with the quotes (decision 042): quotes book visits, the visits know nothing of quotes.
 */
export async function bookQuotedVisit(
  { db, jobs }: { db: Db; jobs: Jobs },
  input: {
    quoteId: string;
    customer: { id: string; firstName: string; lastName: string; email: string };
    appointmentDate: string;
    comments: string | null;
    locale: Locale;
    userId: string;
  },
  rules: BookingRules,
) {
  const start = new Date(input.appointmentDate);
  checkStart(start, rules, 'customer');
  const appointmentId = await jobs.transaction(async (tx) => {
    const quote = await lockQuote(tx.db, input.quoteId);
    if (!quote) throw notFound('Quote');
    if (!isTheirs(input.customer, quote.customerId)) throw forbidden('You can only accept your own quotes.');
    const status = quoteStatusAt(quote, nowOf(rules));
    if (status !== 'answered' || quote.priceCents === null || quote.durationMinutes === null) {
      throw new AppError(
        'QUOTE_CLOSED',
        status === 'requested'
          ? 'This quote has no price yet.'
          : `This quote is ${status}: it can no longer be accepted.`,
      );
    }
    checkFitsOneDay(start, quote.durationMinutes, rules);
    const end = visitEnd(start, quote.durationMinutes);
    const price = quote.priceCents / 100;
    const title = quotedLineTitle(quote);
    // One line at the quoted price, in the breakdown every visit carries (decision 025).
    const priceBreakdown: PriceBreakdown = {
      // Within the limits of a home (a quote asked before they were shared may say more; it keeps that).
      home: homeWithinLimits({
        ...(quote.bedrooms !== null && { bedrooms: quote.bedrooms }),
        ...(quote.bathrooms !== null && { bathrooms: quote.bathrooms }),
      }),
      extraIds: [],
      // Priced by the admin's answer: no travel surcharge on top (decision 026); a later edit keeps none.
      postalCode: quote.postalCode,
      lines: [
        {
          kind: 'service',
          label: { en: title, fr: title },
          refId: null,
          cents: quote.priceCents,
          minutes: quote.durationMinutes,
        },
      ],
      subtotalCents: quote.priceCents,
      discountCents: 0,
      totalCents: quote.priceCents,
      minutes: quote.durationMinutes,
    };
    const id = await bookVisitInTransaction(
      tx,
      {
        by: 'customer',
        values: {
          customerId: quote.customerId,
          customerFirstName: input.customer.firstName,
          customerLastName: input.customer.lastName,
          appointmentDate: start,
          endsAt: end,
          status: 'pending',
          comments: input.comments,
          // The quote's place (issue 27): its street and postal code (a quote asks no city).
          address: quote.address,
          city: null,
          postalCode: quote.postalCode,
          totalPrice: price,
          priceBreakdown,
          locale: input.locale,
          createdByUserId: input.userId,
        },
        lines: [{ serviceId: null, title, price, durationMinutes: quote.durationMinutes }],
      },
      rules,
    );
    await updateQuote(tx.db, quote.id, { status: 'accepted', decidedAt: nowOf(rules), appointmentId: id });
    const created = await queueBookingConfirmation(tx, id, {
      email: input.customer.email,
      locale: input.locale,
    });
    // The visit must be readable before it is committed: a visit the reads cannot send is not booked
    // (issue 27: the accept answered 500 with its visit booked, and the staff's list failed from then on).
    appointmentSchema.parse(created);
    return id;
  });
  const created = await findAppointment(db, appointmentId);
  if (!created) throw notFound('Appointment');
  return created;
}
