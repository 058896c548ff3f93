import { z } from '../zod.ts';
import { MAX_SERVICES_PER_VISIT, TEXT_LIMITS } from '../limits.ts';
import { APPOINTMENT_STATUSES, APPOINTMENTS_PAGE_SIZE, SLOT_HOURS, SLOT_REASONS } from '../constants.ts';
import { LOCALES } from '../locales.ts';
import { calendarDate, instant, keysetQuerySchema, pageOf, pageQuery } from './primitives.ts';
import { addressSchema } from './customers.ts';
import { postalCodeSchema } from './service-area.ts';
import { extraIdsSchema, homeQuerySchema, homeSchema, priceBreakdownSchema } from './pricing.ts';
import { visitPaymentSummarySchema } from './payments.ts';
import { visitStepSummarySchema } from './visit-steps.ts';

export const appointmentServiceSchema = z.object({
  serviceId: z.uuid().nullable(),
  title: z.string(),
  price: z.number(),
  durationMinutes: z.number().int(),
});

export const appointmentSchema = z
  .object({
    appointmentId: z.uuid(),
    customerId: z.uuid(),
    customerFirstName: z.string(),
    customerLastName: z.string(),
    /** Start, as an instant (ISO 8601, UTC). */
    appointmentDate: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    /** The spec's comma-joined service titles. */
    services: z.string(),
    serviceDetails: z.array(appointmentServiceSchema),
    totalPrice: z.number(),
    status: z.enum(APPOINTMENT_STATUSES),
    comments: z.string().nullable(),
    /** The street the visit happens at (issue 27: with its city and postal code; `addressLine` joins them). */
    address: z.string().nullable(),
    /** Null for a visit at a profile's address (profiles have no city) or booked before issue 27. */
    city: z.string().nullable(),
    /** The postal code the visit was checked and priced at (null when none was known). */
    postalCode: z.string().nullable(),
    cancelledAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    /** The recurring series this visit belongs to (decision 020), or null for a one-off visit. */
    seriesId: z.uuid().nullable(),
    /**
     * A series visit that no cleaner could take at its time ("needs a time"): it holds no place until it
     * is moved to a free time or given a cleaner.
     */
    needsTime: z.boolean(),
    /** Percent taken off the services' prices: the series' frequency discount (0 for a one-off). */
    discountPercent: z.number().int(),
    /**
     * What the visit was priced on (home, extras) and its lines: services, extras, surcharge, discount
     * (decision 025). Null for a visit booked before instant prices.
     */
    priceBreakdown: priceBreakdownSchema.nullable(),
    /** Where the visit is in the field (issue 30): on the way, arrived, done; null while planned. */
    step: visitStepSummarySchema.nullable(),
  })
  .meta({ id: 'Appointment' });
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * A visit in the lists (the staff's table, My Appointments): with its payment (issue 29), null when
 * `PAYMENTS=off`; read for the whole page at once.
 */
export const listedAppointmentSchema = appointmentSchema
  .extend({ payment: visitPaymentSummarySchema.nullable() })
  .meta({ id: 'ListedAppointment' });
export type ListedAppointment = z.infer<typeof listedAppointmentSchema>;

const serviceIdsSchema = z
  .array(z.uuid('appointments.errors.services'), { error: 'appointments.errors.services' })
  .min(1, 'appointments.errors.services')
  .max(MAX_SERVICES_PER_VISIT, 'appointments.errors.tooManyServices');

/** A city as people write it: letters, spaces, hyphens, apostrophes and periods ("Saint-Jean", "St. John's"). */
export const CITY_PATTERN = /^\p{L}[\p{L} .'’-]*$/u;

/**
 * Where a visit happens when it is not the profile's address (issue 27): street, city and postal code, all
 * three. The postal code is what the service area checks and prices.
 */
export const visitPlaceInputSchema = z.object({
  street: addressSchema,
  city: z
    .string({ error: 'appointments.errors.cityRequired' })
    .trim()
    .min(1, 'appointments.errors.cityRequired')
    .max(TEXT_LIMITS.city, 'validation.tooLong')
    .regex(CITY_PATTERN, 'appointments.errors.cityFormat'),
  postalCode: postalCodeSchema,
});
export type VisitPlaceInput = z.input<typeof visitPlaceInputSchema>;

/**
 * Booking (`POST /appointments/customers/{customerId}`): the services by id, the home and extras they are
 * priced on (decision 025) and the start. Names, titles, prices, durations and status are the server's:
 * anything else the client sends is ignored.
 */
export const bookAppointmentInputSchema = z.object({
  serviceIds: serviceIdsSchema,
  /** What the services priced by rooms or area need; absent on a change keeps the visit's. */
  home: homeSchema.optional(),
  /** Extras of the chosen services; absent on a change keeps the visit's. */
  extraIds: extraIdsSchema.optional(),
  appointmentDate: instant('appointments.errors.dateTime'),
  comments: z.string().trim().max(TEXT_LIMITS.comments, 'validation.tooLong').nullish(),
  /** Emails about this appointment use it. */
  locale: z.enum(LOCALES).optional(),
  /**
   * Where the visit happens (issues 16 and 27): its address is checked against the service area (409
   * OUTSIDE_SERVICE_AREA for a customer), priced and kept on the visit. Absent, the profile's address.
   */
  place: visitPlaceInputSchema.optional(),
  /**
   * Only with `place`, and then the same as `place.postalCode`: a postal code alone is refused (400
   * `appointments.errors.postalCodeWithoutAddress`), since the visit would happen at another address.
   */
  postalCode: postalCodeSchema.optional(),
});
export type BookAppointmentInput = z.input<typeof bookAppointmentInputSchema>;

/** A customer changing their own appointment (`PUT /appointments/customer/{id}`). */
export const updateOwnAppointmentInputSchema = bookAppointmentInputSchema
  .omit({ place: true, postalCode: true })
  .extend({
    /** A customer may cancel; confirming or completing is the company's call (403). */
    status: z.enum(APPOINTMENT_STATUSES).optional(),
  });
export type UpdateOwnAppointmentInput = z.input<typeof updateOwnAppointmentInputSchema>;

export const appointmentIdParamsSchema = z.object({ appointmentId: z.uuid() });

/**
 * An admin adding or changing any appointment: the customer, and all four statuses. `place` is where the
 * visit happens, priced with the area's travel surcharge (never refused: the office books anywhere,
 * decision 026); absent, a new visit takes the customer's profile's address and a change keeps its own.
 */
export const adminAppointmentInputSchema = bookAppointmentInputSchema.extend({
  customerId: z.uuid('validation.required'),
  status: z.enum(APPOINTMENT_STATUSES, { error: 'validation.required' }),
});
export type AdminAppointmentInput = z.input<typeof adminAppointmentInputSchema>;

/**
 * The staff table's filter (issue 18), the same for its pages and its PDF: one status, and the
 * business-local days of the appointment date (`from` and `to` both included, either may be left out),
 * and `payment=needed` (the money the cards could not take). Nothing given: every appointment.
 */
export const appointmentsFilterQuerySchema = z.object({
  status: z.enum(APPOINTMENT_STATUSES, { error: 'validation.invalid' }).optional(),
  from: calendarDate('validation.date').optional(),
  to: calendarDate('validation.date').optional(),
  /** `needed`: only the visits whose card was declined or waits for the customer (issue 29, decision 058). */
  payment: z.enum(['needed'], { error: 'validation.invalid' }).optional(),
});
export type AppointmentsFilter = z.infer<typeof appointmentsFilterQuerySchema>;

/**
 * `GET /appointments/my-appointments?limit=&before=`: the newest 200 by default (at most 500); the next
 * ones from the Link header's next page (decision 024).
 */
export const myAppointmentsQuerySchema = keysetQuerySchema({ fallback: 200, max: 500 });

/** `GET /appointments/paged?page=&size=`: page from 0, 6 a page by default (spec §9); filter optional. */
export const appointmentsPageQuerySchema = appointmentsFilterQuerySchema.extend(
  pageQuery(APPOINTMENTS_PAGE_SIZE).shape,
);

/** `GET /appointments/pdf`: the table's filter and the language of the headings. */
export const appointmentsPdfQuerySchema = appointmentsFilterQuerySchema.extend({
  lang: z.enum(LOCALES).optional(),
});
/**
 * Its `totalElements` is counted up to 99 pages' worth plus one (issue 18): a value above
 * `MAX_TOTAL_PAGES * size` means "more than that"; `totalPages` is capped at 99 (spec §9).
 */
export const appointmentsPageSchema = pageOf(listedAppointmentSchema).meta({ id: 'AppointmentsPage' });
export type AppointmentsPage = z.infer<typeof appointmentsPageSchema>;

export const slotSchema = z.object({
  hour: z.number().int(),
  /** The slot's start, an instant (ISO 8601, UTC). */
  startsAt: z.iso.datetime(),
  available: z.boolean(),
  /** Why it cannot be booked (see `SLOT_REASONS`); null when it can. */
  reason: z.enum(SLOT_REASONS).nullable(),
});
export const slotsResponseSchema = z
  .object({
    date: z.iso.date(),
    timeZone: z.string(),
    durationMinutes: z.number().int(),
    /** The last business-local day a visit may start on (today plus `BOOKING_HORIZON_DAYS`). */
    bookableUntil: z.iso.date(),
    /** Bookings start at least this many hours from now (`MIN_NOTICE_HOURS`). */
    minNoticeHours: z.number().int(),
    slots: z.array(slotSchema),
  })
  .meta({ id: 'Slots' });
export type Slots = z.infer<typeof slotsResponseSchema>;

/**
 * `GET /settings/self-service` (anyone): what customers may do to their own visits themselves
 * (decision 027), for the screens to say it before the server refuses.
 */
export const selfServicePolicySchema = z
  .object({
    /** Moves, service changes and cancels stop this many hours before the start (`CHANGE_CUTOFF_HOURS`). */
    changeCutoffHours: z.number().int(),
    /** Bookings start at least this many hours from now (`MIN_NOTICE_HOURS`). */
    minNoticeHours: z.number().int(),
    /** Whom to call inside the cut-off. */
    phone: z.string(),
  })
  .meta({ id: 'SelfServicePolicy' });
export type SelfServicePolicy = z.infer<typeof selfServicePolicySchema>;

/** `serviceIds=a,b` in a query: the services whose length a visit takes (at most 10). */
export const serviceIdsQuerySchema = z
  .string()
  .optional()
  .transform((value) =>
    value
      ? value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
      : [],
  )
  .pipe(
    z
      .array(z.uuid('appointments.errors.services'))
      .max(MAX_SERVICES_PER_VISIT, 'appointments.errors.tooManyServices'),
  );

/** `/slots`: the day, and the visit whose length counts (services, home, extras; decision 025). */
export const slotsQuerySchema = z.object({
  date: calendarDate('appointments.errors.dateTime'),
  serviceIds: serviceIdsQuerySchema,
  ...homeQuerySchema.shape,
});

export const SLOT_COUNT = SLOT_HOURS.length;

/**
 * A booking's optional `Idempotency-Key` header (a one-off visit or a series): a retried request with the
 * same key answers with the first result.
 */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'appointments.errors.idempotencyKey')
    .optional(),
});
