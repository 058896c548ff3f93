import { and, count, desc, eq, sql } from 'drizzle-orm';
import { quoteStatusAt, type Quote, type QuoteStatus } from '@eclat/shared';
import { customers, quoteRequestPhotos, quoteRequests } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import type { DecodedImage } from '../services/service-image.ts';

export type QuoteRow = typeof quoteRequests.$inferSelect;
type NewQuote = typeof quoteRequests.$inferInsert;

const quoteColumns = {
  quote: quoteRequests,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  photoCount: sql<number>`(select count(*)::int from ${quoteRequestPhotos} where ${quoteRequestPhotos.quoteId} = ${quoteRequests.id})`,
};

type Joined = { quote: QuoteRow; firstName: string; lastName: string; email: string; photoCount: number };

export function toQuote(row: Joined, now = new Date()): Quote {
  const { quote } = row;
  return {
    quoteId: quote.id,
    customerId: quote.customerId,
    customerFirstName: row.firstName,
    customerLastName: row.lastName,
    customerEmail: row.email,
    services: quote.services,
    description: quote.description,
    address: quote.address,
    postalCode: quote.postalCode,
    bedrooms: quote.bedrooms,
    bathrooms: quote.bathrooms,
    areaSqft: quote.areaSqft,
    preferredDates: quote.preferredDates,
    photoCount: row.photoCount,
    status: quoteStatusAt(quote, now),
    priceCents: quote.priceCents,
    durationMinutes: quote.durationMinutes,
    message: quote.message,
    answeredAt: quote.answeredAt?.toISOString() ?? null,
    expiresAt: quote.expiresAt?.toISOString() ?? null,
    decidedAt: quote.decidedAt?.toISOString() ?? null,
    appointmentId: quote.appointmentId,
    createdAt: quote.createdAt.toISOString(),
  };
}

const joined = (db: Db) =>
  db
    .select(quoteColumns)
    .from(quoteRequests)
    .innerJoin(customers, eq(customers.id, quoteRequests.customerId));

export async function insertQuote(db: Db, values: NewQuote, photos: DecodedImage[]): Promise<string> {
  const [row] = await db.insert(quoteRequests).values(values).returning({ id: quoteRequests.id });
  if (!row) throw new Error('The quote request was not saved.');
  if (photos.length > 0) {
    await db.insert(quoteRequestPhotos).values(
      photos.map((photo, position) => ({
        quoteId: row.id,
        position,
        mimeType: photo.mimeType,
        content: photo.content,
        sha256: photo.sha256,
      })),
    );
  }
  return row.id;
}

export async function findQuote(db: Db, id: string, now?: Date): Promise<Quote | undefined> {
  const [row] = await joined(db).where(eq(quoteRequests.id, id));
  return row ? toQuote(row, now) : undefined;
}

export async function findCustomerQuotes(db: Db, customerId: string): Promise<Quote[]> {
  const rows = await joined(db)
    .where(eq(quoteRequests.customerId, customerId))
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id));
  const now = new Date();
  return rows.map((row) => toQuote(row, now));
}

/**
 * A page of quote requests, newest first, optionally of one status as seen now (an answer past its
 * expiry counts as `expired`, not `answered`).
 */
export async function findQuotesPage(
  db: Db,
  query: { status?: QuoteStatus | undefined; page: number; size: number },
  now = new Date(),
) {
  const at = now.toISOString();
  const isExpired = sql`(${quoteRequests.status} = 'answered' and ${quoteRequests.expiresAt} <= ${at}::timestamptz)`;
  let where;
  if (query.status === 'expired') where = sql`(${quoteRequests.status} = 'expired' or ${isExpired})`;
  else if (query.status === 'answered')
    where = and(eq(quoteRequests.status, 'answered'), sql`not ${isExpired}`);
  else if (query.status) where = eq(quoteRequests.status, query.status);
  const [total] = await db.select({ n: count() }).from(quoteRequests).where(where);
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(query.size)
    .offset(query.page * query.size);
  return { content: rows.map((row) => toQuote(row, now)), totalElements: total?.n ?? 0 };
}

/** Locks a quote's row until the transaction ends: every decision on a quote takes it first. */
export async function lockQuote(db: Db, id: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, id)).for('update');
  return row;
}

export async function updateQuote(db: Db, id: string, values: Partial<NewQuote>): Promise<void> {
  await db.update(quoteRequests).set(values).where(eq(quoteRequests.id, id));
}

export async function findQuotePhoto(db: Db, quoteId: string, position: number) {
  const [row] = await db
    .select({
      mimeType: quoteRequestPhotos.mimeType,
      content: quoteRequestPhotos.content,
      sha256: quoteRequestPhotos.sha256,
    })
    .from(quoteRequestPhotos)
    .where(and(eq(quoteRequestPhotos.quoteId, quoteId), eq(quoteRequestPhotos.position, position)));
  return row;
}
