import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';
import { id, timestamps } from './columns.ts';
import { customers } from './customers.ts';
import { quoteStatusEnum } from './enums.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * Quote requests (issue 16, decision 026): work the company prices before it is booked (quote-only
 * services, addresses outside the service area). Accepting the answer books one visit at its price.
 */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The services asked about, with the titles they had then. */
    services: jsonb('services').$type<{ serviceId: string | null; title: string }[]>().notNull(),
    description: text('description').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    bedrooms: smallint('bedrooms'),
    bathrooms: smallint('bathrooms'),
    areaSqft: integer('area_sqft'),
    preferredDates: jsonb('preferred_dates').$type<string[]>().notNull(),
    status: quoteStatusEnum('status').notNull().default('requested'),
    priceCents: integer('price_cents'),
    durationMinutes: integer('duration_minutes'),
    message: text('message'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredByUserId: uuid('answered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The visit booked when the customer accepted (one at most). */
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    /** The language of the request: the answer's email uses it. */
    locale: text('locale').notNull().default('en'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('quote_requests_price_positive', sql`${t.priceCents} is null or ${t.priceCents} > 0`),
    check('quote_requests_duration_positive', sql`${t.durationMinutes} is null or ${t.durationMinutes} > 0`),
    index('quote_requests_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('quote_requests_status_idx').on(t.status, t.createdAt.desc()),
    uniqueIndex('quote_requests_appointment_uq').on(t.appointmentId),
  ],
);

/** A request's photos, apart from the rows so listing requests never reads their bytes. */
export const quoteRequestPhotos = pgTable(
  'quote_request_photos',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    mimeType: text('mime_type').notNull(),
    content: bytea('content').notNull(),
    sha256: text('sha256').notNull(),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.position] })],
);
