import {
  adminAppointmentInputSchema,
  DEFAULT_APPOINTMENT_STATUS,
  fromLocal,
  SLOT_HOURS,
  toLocal,
  type AdminAppointmentInput,
  type Appointment,
  type AppointmentStatus,
} from '@eclat/shared';

import { EMPTY_BOOKING_HOME, type BookingHome } from '@/lib/pricing/booking-home';

/**
 * The admin's add and edit appointment form (spec §2, §5): who, when (a business-local day and one of
 * the hourly slots), what, status and comments, as held while it is filled in, and its conversion to
 * `POST`/`PUT /appointments` input.
 */
export type StaffAppointmentFormValues = {
  customerId: string | null;
  serviceIds: string[];
  /** Business-local day, YYYY-MM-DD. */
  date: string | null;
  /** Business-local start hour ("9" to "20"), "" until chosen. */
  hour: string;
  status: AppointmentStatus;
  comments: string;
  /**
   * "Your home" (decisions 025 and 026): the home, extras and postal code the visit is priced on (the
   * postal code only once typed; until then the customer's, or what an edited visit was priced at).
   */
  home: BookingHome;
};

export type StaffAppointmentField = 'customerId' | 'serviceIds' | 'date' | 'hour' | 'status' | 'comments';

/** Translation keys per field. */
export type StaffAppointmentErrors = Partial<Record<StaffAppointmentField, string>>;

export type StaffAppointmentFormResult =
  { ok: true; input: AdminAppointmentInput } | { ok: false; errors: StaffAppointmentErrors };

export const EMPTY_STAFF_APPOINTMENT_FORM: StaffAppointmentFormValues = {
  customerId: null,
  serviceIds: [],
  date: null,
  hour: '',
  status: DEFAULT_APPOINTMENT_STATUS,
  comments: '',
  home: EMPTY_BOOKING_HOME,
};

/** The instant (ISO, UTC) of `hour`:00 on a business-local day (YYYY-MM-DD), summer time included. */
export function zonedHourToInstant(date: string, hour: number, timeZone: string): string {
  return fromLocal(date, hour, 0, timeZone).toISOString();
}

/** The business-local day and hour an instant starts at. */
export function instantToZonedHour(instant: string, timeZone: string): { date: string; hour: number } {
  const { date, hour } = toLocal(new Date(instant), timeZone);
  return { date, hour };
}

/** The form, filled from a saved appointment (its services that still exist in the catalogue). */
export function toStaffAppointmentFormValues(
  appointment: Appointment,
  timeZone: string,
): StaffAppointmentFormValues {
  const { date, hour } = instantToZonedHour(appointment.appointmentDate, timeZone);
  return {
    customerId: appointment.customerId,
    serviceIds: appointment.serviceDetails.flatMap((line) => (line.serviceId ? [line.serviceId] : [])),
    date,
    hour: SLOT_HOURS.includes(hour) ? String(hour) : '',
    status: appointment.status,
    comments: appointment.comments ?? '',
    home: {
      home: appointment.priceBreakdown?.home ?? {},
      extraIds: appointment.priceBreakdown?.extraIds ?? [],
    },
  };
}

/**
 * Spec §5: customer (hence first and last name), date and time, services and status required;
 * comments optional. A new time in the past is refused; an edit that keeps the saved time may keep
 * a past one (changing the status of an appointment that already happened).
 */
export function validateStaffAppointmentForm(
  values: StaffAppointmentFormValues,
  options: { timeZone: string; now: number; savedStart?: string },
): StaffAppointmentFormResult {
  const errors: StaffAppointmentErrors = {};
  if (!values.customerId) errors.customerId = 'validation.required';
  if (values.serviceIds.length === 0) errors.serviceIds = 'staffAppointments.form.errors.services';
  if (!values.date) errors.date = 'validation.required';
  const hour = Number(values.hour);
  if (values.hour === '' || !SLOT_HOURS.includes(hour)) errors.hour = 'validation.required';
  if (Object.keys(errors).length > 0 || !values.date) return { ok: false, errors };

  const appointmentDate = zonedHourToInstant(values.date, hour, options.timeZone);
  const isSavedTime =
    options.savedStart !== undefined && Date.parse(options.savedStart) === Date.parse(appointmentDate);
  if (!isSavedTime && Date.parse(appointmentDate) <= options.now) {
    return { ok: false, errors: { hour: 'appointments.errors.pastTime' } };
  }

  const input: AdminAppointmentInput = {
    customerId: values.customerId ?? '',
    serviceIds: values.serviceIds,
    appointmentDate,
    status: values.status,
    comments: values.comments.trim() || null,
  };
  const parsed = adminAppointmentInputSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, errors: toStaffAppointmentFieldErrors(parsed.error.issues) };
  }
  return { ok: true, input };
}

const FIELD_OF: Record<string, StaffAppointmentField> = {
  customerId: 'customerId',
  serviceIds: 'serviceIds',
  appointmentDate: 'hour',
  status: 'status',
  comments: 'comments',
};

/**
 * Field errors of a 400 answer (`details[].path` like `body.serviceIds.0`) or of zod issues (`path`
 * as an array). The date and time of the API are one field; the form shows its error under the hour.
 */
export function toStaffAppointmentFieldErrors(
  details: readonly { path: string | readonly PropertyKey[]; message: string }[],
): StaffAppointmentErrors {
  const errors: StaffAppointmentErrors = {};
  for (const detail of details) {
    const parts =
      typeof detail.path === 'string'
        ? detail.path.replace(/^\//, '').split(/[./]/)
        : detail.path.map((part) => String(part));
    const name = parts[0] === 'body' ? parts[1] : parts[0];
    const field = name === undefined ? undefined : FIELD_OF[name];
    if (field && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}
