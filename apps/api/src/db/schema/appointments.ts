import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PriceBreakdown, VisitTaxes } from '@eclat/shared';
import { id, timestamps } from './columns.ts';
import { customers } from './customers.ts';
import { appointmentStatusEnum, visitStepEnum } from './enums.ts';
import { appointmentSeries } from './series.ts';
import { services } from './services.ts';
import { users } from './users.ts';

export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    customerFirstName: text('customer_first_name').notNull(),
    customerLastName: text('customer_last_name').notNull(),
    /** Start of the appointment. */
    appointmentDate: timestamp('appointment_date', { withTimezone: true }).notNull(),
    /** Start plus the services' total duration (at least one hour); used for capacity and invites. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: appointmentStatusEnum('status').notNull().default('pending'),
    comments: text('comments'),
    /**
     * Where the visit happens (issue 27): the street, city and postal code it was booked at (the profile's
     * by default, copied so a later move keeps history intact), checked against the area and priced there.
     */
    address: text('address'),
    city: text('city'),
    postalCode: text('postal_code'),
    /** Total computed by the server from the services' prices at booking time. */
    totalPrice: numeric('total_price', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    /** Language the customer booked in; emails about this appointment use it. */
    locale: text('locale').notNull().default('en'),
    /** A client-chosen key that makes a retried booking return the first result. */
    idempotencyKey: text('idempotency_key'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledByUserId: uuid('cancelled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The recurring series this visit belongs to (decision 020). */
    seriesId: uuid('series_id').references(() => appointmentSeries.id, { onDelete: 'restrict' }),
    /** The date of the series' plan this visit is for; kept when the visit alone is moved. */
    seriesDate: date('series_date', { mode: 'string' }),
    /** A series visit no cleaner could take at its time: it holds no place until moved or staffed. */
    needsTime: boolean('needs_time').notNull().default(false),
    /** Percent taken off its services' prices (the series' discount); the total already has it. */
    discountPercent: smallint('discount_percent').notNull().default(0),
    /**
     * What the visit was priced on and its lines (decision 025): home, extras, services, surcharge,
     * discount, in cents, computed by the server with `priceVisit`. Null before instant prices.
     */
    priceBreakdown: jsonb('price_breakdown').$type<PriceBreakdown>(),
    /** Goes up with every change of the visit: the SEQUENCE of its calendar invitation. */
    revision: integer('revision').notNull().default(0),
    /** When the "how was it?" email was queued (once per visit, the first time it is completed). */
    feedbackRequestedAt: timestamp('feedback_requested_at', { withTimezone: true }),
    /** The card's last hold or charge was declined or waits for the customer (PAYMENTS=stripe, decision 053). */
    paymentNeeded: boolean('payment_needed').notNull().default(false),
    /**
     * The taxes its money is computed with (decision 054): the province, its rates and the business's
     * name, numbers and address, fixed when the visit's first ledger row is written; null until then
     * (the current settings apply).
     */
    taxSnapshot: jsonb('tax_snapshot').$type<VisitTaxes>(),
    /**
     * Where the visit is in the field (issue 30, decision 062): its last step, copied from `visit_steps`
     * with its time, who (first name) and the minutes told with "on the way", so the lists read it as is.
     */
    step: visitStepEnum('step').notNull().default('planned'),
    stepAt: timestamp('step_at', { withTimezone: true }),
    stepByFirstName: text('step_by_first_name'),
    stepEtaMinutes: smallint('step_eta_minutes'),
    ...timestamps,
  },
  (t) => [
    check('appointments_ends_after_start', sql`${t.endsAt} > ${t.appointmentDate}`),
    // The staff table's order (newest date first, then id) read backwards without a sort, and every
    // range of dates; with a status first for the table's status filter (decision 024).
    index('appointments_date_id_idx').on(t.appointmentDate, t.id),
    index('appointments_status_date_id_idx').on(t.status, t.appointmentDate, t.id),
    index('appointments_customer_date_idx').on(t.customerId, t.appointmentDate.desc()),
    uniqueIndex('appointments_idempotency_uq').on(t.customerId, t.idempotencyKey),
    // One visit per date of a series' plan, whoever plans it and however often (the daily job).
    uniqueIndex('appointments_series_date_uq').on(t.seriesId, t.seriesDate),
    index('appointments_needs_time_idx')
      .on(t.appointmentDate)
      .where(sql`${t.needsTime}`),
    // The office's "Payment needed" list (decision 058): the table's order, only the marked visits.
    index('appointments_payment_needed_idx')
      .on(t.appointmentDate, t.id)
      .where(sql`${t.paymentNeeded}`),
  ],
);

/** The services of an appointment, with the title, price and duration they had when booked. */
export const appointmentServices = pgTable(
  'appointment_services',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appointmentId, t.position] }),
    index('appointment_services_service_idx').on(t.serviceId),
  ],
);
