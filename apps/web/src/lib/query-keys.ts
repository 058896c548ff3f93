import type { AppointmentsFilter, DayRange, DispatchView } from '@eclat/shared';

/**
 * The query keys that more than one feature reads or invalidates, in one place (decision 044): a
 * feature clears another's cached queries through these, never by importing that feature.
 */

/** Query keys of availabilities: every write invalidates `all`. */
export const availabilityKeys = {
  all: ['availabilities'] as const,
  /** `null`: the server's default range (from today, eight weeks). */
  list: (range: DayRange | null) => [...availabilityKeys.all, 'list', range ?? 'default'] as const,
  mine: (range: DayRange | null) => [...availabilityKeys.all, 'mine', range ?? 'default'] as const,
  detail: (availabilityId: string) => [...availabilityKeys.all, 'detail', availabilityId] as const,
  jobs: (availabilityId: string) => [...availabilityKeys.all, 'jobs', availabilityId] as const,
};

/** Query keys of schedules (assigned shifts) and jobs: every write invalidates `all`. */
export const scheduleKeys = {
  all: ['schedules'] as const,
  lists: () => [...scheduleKeys.all, 'list'] as const,
  /** `null`: the server's default range. */
  list: (range: DayRange | null) => [...scheduleKeys.lists(), range ?? 'default'] as const,
  jobs: (range: DayRange | null) => [...scheduleKeys.all, 'jobs', range ?? 'default'] as const,
};

/** Query keys of the dispatch board and of an employee's day: a reassignment invalidates `all`. */
export const dispatchKeys = {
  all: ['dispatch'] as const,
  boards: () => [...dispatchKeys.all, 'board'] as const,
  board: (date: string, view: DispatchView) => [...dispatchKeys.boards(), date, view] as const,
  days: () => [...dispatchKeys.all, 'my-day'] as const,
  myDay: (date: string) => [...dispatchKeys.days(), date] as const,
};

/** Outside `dispatchKeys.all`: a reassignment leaves the shift hours alone. */
export const shiftHoursKey = ['settings', 'shift-hours'] as const;

/** The slots and the calendar's marked days, under one root: a booking refreshes both. */
export const slotsKeys = {
  all: ['slots'] as const,
};

/** Every appointments list, the customer's and the staff's: a change of a visit invalidates it all. */
export const appointmentsKey = ['appointments'] as const;

/** The signed-in customer's appointments (my appointments; booking, quotes and series change them). */
export const myAppointmentsKeys = {
  all: [...appointmentsKey, 'mine'] as const,
};

/** Keys of the staff side of appointments (table, one appointment, its assignment). */
export const staffAppointmentsKeys = {
  all: [...appointmentsKey, 'staff'] as const,
  pages: () => [...staffAppointmentsKeys.all, 'page'] as const,
  page: (page: number, size: number, filter: AppointmentsFilter = {}) =>
    [...staffAppointmentsKeys.pages(), page, size, filter] as const,
  detail: (appointmentId: string) => [...staffAppointmentsKeys.all, 'detail', appointmentId] as const,
  assignments: (appointmentId: string) =>
    [...staffAppointmentsKeys.all, 'assignments', appointmentId] as const,
};

export const customersKeys = {
  all: ['customers'] as const,
  me: (email: string) => [...customersKeys.all, 'me', email] as const,
};

/** The service area (issue 16): the quotes edit it, booking and the staff form read it. */
export const serviceAreaKey = ['service-area'] as const;

/** `GET /payments/card`: the signed-in customer's card on file (PAYMENTS=stripe, decision 056). */
export const cardOnFileKey = ['payments', 'card'] as const;

/** `GET /settings/payments`: the payments mode (issue 29). */
export const paymentsPolicyKey = ['settings', 'payments'] as const;

/**
 * A visit's payments and the tax settings (issue 29). A write to a visit's ledger invalidates its
 * `visit` key and `appointmentsKey` (both lists show each visit's payment state).
 */
export const paymentsKeys = {
  all: ['payments'] as const,
  visit: (appointmentId: string) => [...paymentsKeys.all, 'visit', appointmentId] as const,
  taxSettings: () => [...paymentsKeys.all, 'tax-settings'] as const,
};
