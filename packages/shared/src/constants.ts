/** Business constants from spec §9. One place, used by the server and the web app. */

export const APPOINTMENTS_PAGE_SIZE = 6;
export const MAX_TOTAL_PAGES = 99;
export const API_TIMEOUT_MS = 10_000;
export const APPOINTMENTS_REFETCH_MS = 30_000;
export const NEW_APPOINTMENT_MERGE_MS = 1_000;
export const TOAST_AUTO_CLOSE_MS = 3_000;
export const PAGE_FADE_SECONDS = 0.4;

/** The office's phone number: the contact page, and whom to call inside the change cut-off. */
export const COMPANY_PHONE = '416-555-0199';
/** `tel:` link of a North American number written 123-456-7890. */
export const phoneHref = (phone: string) => `tel:+1${phone.replace(/-/g, '')}`;

/** Hourly slots from 09:00 to 20:00 in the business time zone (12 slots). */
export const FIRST_SLOT_HOUR = 9;
export const LAST_SLOT_HOUR = 20;
export const SLOT_HOURS: readonly number[] = Array.from(
  { length: LAST_SLOT_HOUR - FIRST_SLOT_HOUR + 1 },
  (_, i) => FIRST_SLOT_HOUR + i,
);
export const DEFAULT_APPOINTMENT_HOUR = 12;

/**
 * Why a start time cannot be booked (decisions 012 and 019), in the order they are checked:
 * - `past`: it has started;
 * - `notice`: it starts sooner than the minimum notice (`MIN_NOTICE_HOURS`);
 * - `horizon`: its day is beyond the booking horizon (`BOOKING_HORIZON_DAYS`);
 * - `closing`: a visit of this length would end after closing time (21:00);
 * - `closed`: no cleaner works the whole visit at that time (nobody's shift covers it);
 * - `noCleaner`: cleaners work then, but every one of them is on another job or its travel buffer;
 * - `full`: an hour it needs is at the `SLOT_CAPACITY` ceiling.
 */
export const SLOT_REASONS = ['past', 'notice', 'horizon', 'closing', 'closed', 'noCleaner', 'full'] as const;
export type SlotReason = (typeof SLOT_REASONS)[number];

export const MIN_STARS = 1;
export const MAX_STARS = 5;
export const SERVICE_ID_LENGTH = 36;

export const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const DEFAULT_APPOINTMENT_STATUS: AppointmentStatus = 'pending';

export const FEEDBACK_STATUSES = ['VISIBLE', 'INVISIBLE'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const SCHEDULE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const DEFAULT_SCHEDULE_STATUS: ScheduleStatus = 'PENDING';

export const SHIFTS = ['MORNING', 'EVENING', 'NIGHT'] as const;
export type Shift = (typeof SHIFTS)[number];
export const DEFAULT_SHIFT: Shift = 'MORNING';

/** A shift's working hours in the business time zone, `HH:MM` (end up to `24:00`), start before end. */
export type ShiftWindow = { start: string; end: string };
export type ShiftHours = Record<Shift, ShiftWindow>;
/** The business hours of each shift until the admin sets them (decision 019). */
export const DEFAULT_SHIFT_HOURS: ShiftHours = {
  MORNING: { start: '09:00', end: '13:00' },
  EVENING: { start: '13:00', end: '17:00' },
  NIGHT: { start: '17:00', end: '21:00' },
};

export const PERMISSIONS = ['admin', 'employee', 'customer'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Fixed role ids. The spec's role-management screen assigns "one fixed employee role id";
 * these ids are created by a migration and never change.
 */
export const ROLE_IDS = {
  admin: '9b1c3f4e-0a6d-4c51-8f2e-5d7a1b2c3d01',
  employee: '9b1c3f4e-0a6d-4c51-8f2e-5d7a1b2c3d02',
  customer: '9b1c3f4e-0a6d-4c51-8f2e-5d7a1b2c3d03',
} as const satisfies Record<Permission, string>;
export const EMPLOYEE_ROLE_ID = ROLE_IDS.employee;

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
