import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

export const services = pgTable(
  'services',
  {
    /** The spec's 36-character service id. */
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** 0 means "Contact for pricing". */
    pricing: numeric('pricing', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    isAvailable: boolean('is_available').notNull().default(true),
    category: text('category').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    ...timestamps,
  },
  (t) => [
    check('services_pricing_not_negative', sql`${t.pricing} >= 0`),
    check('services_duration_positive', sql`${t.durationMinutes} > 0`),
    // Title search (`/services/search?title=`) is a case-insensitive substring match.
    index('services_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('services_category_idx').on(t.category),
  ],
);

/** Service pictures live apart from the catalogue rows so listing services never reads image bytes. */
export const serviceImages = pgTable('service_images', {
  serviceId: uuid('service_id')
    .primaryKey()
    .references(() => services.id, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull(),
  content: bytea('content').notNull(),
  /** Content hash, used as the ETag and as the version in the image URL. */
  sha256: text('sha256').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
