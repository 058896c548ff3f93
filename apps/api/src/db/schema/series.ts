import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import type { Home } from '@eclat/shared';
import { id, timestamps } from './columns.ts';
import { customers } from './customers.ts';
import { employees } from './employees.ts';
import { seriesFrequencyEnum, seriesStatusEnum } from './enums.ts';
import { services } from './services.ts';
import { users } from './users.ts';

/**
 * A recurring cleaning (decision 020): the plan its visits follow. Each visit is an ordinary
 * appointment linked to it (`appointments.series_id`, with the date it was planned for).
 */
export const appointmentSeries = pgTable(
  'appointment_series',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    frequency: seriesFrequencyEnum('frequency').notNull(),
    /** The first visit of the current plan: visits fall on it and every period after it. */
    anchorDate: date('anchor_date', { mode: 'string' }).notNull(),
    /** Local start hour in the business time zone: the same on every date, whatever the clocks do. */
    startHour: smallint('start_hour').notNull(),
    comments: text('comments'),
    /** Where its visits happen (issue 27): the street, city and `postal_code` below. */
    address: text('address'),
    city: text('city'),
    locale: text('locale').notNull().default('en'),
    /** Percent off each visit, fixed when booked (or changed); the first visit may be at full price. */
    discountPercent: smallint('discount_percent').notNull().default(0),
    firstVisitDiscounted: boolean('first_visit_discounted').notNull().default(true),
    /** The home and extras every visit is priced on (decision 025). */
    home: jsonb('home').$type<Home>().notNull().default({}),
    extraIds: jsonb('extra_ids').$type<string[]>().notNull().default([]),
    /**
     * Where its visits are priced (decision 026): the postal code booked with (null when unknown) and its
     * travel surcharge in cents, kept like the discount so a later visit costs what the first did.
     */
    postalCode: text('postal_code'),
    surchargeCents: integer('surcharge_cents').notNull().default(0),
    preferredEmployeeId: uuid('preferred_employee_id').references(() => employees.id, {
      onDelete: 'set null',
    }),
    status: seriesStatusEnum('status').notNull().default('active'),
    /** Visits exist for every date of the plan up to here; the daily job moves it forward. */
    plannedUntil: date('planned_until', { mode: 'string' }).notNull(),
    /** When the series' confirmation email was queued (null: still to send, e.g. after a crash). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('appointment_series_hour', sql`${t.startHour} between 0 and 23`),
    check('appointment_series_discount', sql`${t.discountPercent} between 0 and 100`),
    check('appointment_series_surcharge', sql`${t.surchargeCents} >= 0`),
    index('appointment_series_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('appointment_series_status_idx').on(t.status, t.plannedUntil),
    index('appointment_series_created_idx').on(t.createdAt.desc(), t.id),
    uniqueIndex('appointment_series_idempotency_uq').on(t.customerId, t.idempotencyKey),
  ],
);

/** The services of a series, in order; each visit copies their titles and prices when it is planned. */
export const seriesServices = pgTable(
  'series_services',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => appointmentSeries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.position] }),
    index('series_services_service_idx').on(t.serviceId),
  ],
);
