import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DepositRule, PricingModel } from '@eclat/shared';
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
    /**
     * How the price is made (decision 025), money in integer cents; checked by `pricingModelSchema` when
     * written. Flat: `pricing` and `durationMinutes` above. Otherwise those hold its "from" figures.
     */
    pricingModel: jsonb('pricing_model').$type<PricingModel>().notNull().default({ kind: 'flat' }),
    /**
     * The deposit a booking of this service takes with PAYMENTS=stripe (decision 057): a percent of the
     * visit's total or a fixed amount in cents (`DepositRule`, checked by its schema when written); null:
     * none.
     */
    depositRule: jsonb('deposit_rule').$type<DepositRule>(),
    ...timestamps,
  },
  (t) => [
    check('services_pricing_not_negative', sql`${t.pricing} >= 0`),
    check(
      'services_pricing_model_kind',
      sql`${t.pricingModel}->>'kind' in ('flat', 'rooms', 'area', 'hourly', 'quote')`,
    ),
    check('services_duration_positive', sql`${t.durationMinutes} > 0`),
    // Title search (`/services/search?title=`) is a case-insensitive substring match.
    index('services_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('services_category_idx').on(t.category),
  ],
);

/** A service's extras (add-ons chosen at booking), in order; titles in both languages, price in cents. */
export const serviceExtras = pgTable(
  'service_extras',
  {
    id: id(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    titleEn: text('title_en').notNull(),
    titleFr: text('title_fr').notNull(),
    priceCents: integer('price_cents').notNull(),
    minutes: integer('minutes').notNull(),
  },
  (t) => [
    index('service_extras_service_idx').on(t.serviceId, t.position),
    check('service_extras_price_not_negative', sql`${t.priceCents} >= 0`),
    check('service_extras_minutes_not_negative', sql`${t.minutes} >= 0`),
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
  /**
   * Size in pixels as displayed (EXIF orientation applied), set with the copies in one transaction: null
   * means the copies are not made yet (a picture stored before they existed; see `image-backfill.ts`).
   */
  width: integer('width'),
  height: integer('height'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The AVIF and WebP copies of a picture at a few widths (decision 016), replaced with it in one transaction
 * and deleted with it.
 */
export const serviceImageVariants = pgTable(
  'service_image_variants',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => serviceImages.serviceId, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.format, t.width] }),
    check('service_image_variants_format', sql`${t.format} in ('avif', 'webp')`),
    check('service_image_variants_size', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);
