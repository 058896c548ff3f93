import type { Permission } from '@eclat/shared';

/**
 * Every route of the app (spec §2) in one place. Screens and links build URLs with `getHref`;
 * the router reads `path`. No URL string is written inline anywhere else.
 *
 * `access` lists who may open a route (spec §2 route table, §6): it is granted when the user holds
 * any one of these permissions. A route without `access` is public. The route guard and the
 * navigation bar both read these lists.
 */

/** The three audiences of the route table. */
export const ROUTE_ACCESS = {
  /** Signed-in users: admin, employee or customer. */
  account: ['admin', 'employee', 'customer'],
  /** Staff: admin or employee. */
  staff: ['admin', 'employee'],
  /** Admin only. */
  admin: ['admin'],
} as const satisfies Record<string, readonly Permission[]>;

const { account, staff, admin } = ROUTE_ACCESS;

/** One route: its router pattern, the href builder that fills the pattern, and who may open it. */
export type RouteDefinition = {
  path: string;
  getHref: (...params: string[]) => string;
  /** Absent: public. Otherwise granted when the user holds any one of these permissions. */
  access?: readonly Permission[];
};

function encodeSegment(value: string): string {
  return encodeURIComponent(value);
}

export const paths = {
  // Public
  home: { path: '/', getHref: () => '/' },
  services: { path: '/services', getHref: () => '/services' },
  aboutUs: { path: '/about-us', getHref: () => '/about-us' },
  contacts: { path: '/contacts', getHref: () => '/contacts' },
  calendarTest: { path: '/calendar-test', getHref: () => '/calendar-test' },
  /** Where the identity provider sends the browser back after sign-in (not in the spec table). */
  authCallback: { path: '/auth/callback', getHref: () => '/auth/callback' },

  // Signed-in (admin, employee, customer)
  calendarSelect: { path: '/calendar-select', getHref: () => '/calendar-select', access: account },
  checkout: { path: '/checkout', getHref: () => '/checkout', access: account },
  myAppointments: { path: '/my-appointments', getHref: () => '/my-appointments', access: account },
  editMyAppointment: {
    path: '/my-appointments/edit/:appointmentId',
    getHref: (appointmentId: string) => `/my-appointments/edit/${encodeSegment(appointmentId)}`,
    access: account,
  },
  /** A recurring cleaning and its visits (decision 020): its customer, or staff. */
  series: {
    path: '/recurring/:seriesId',
    getHref: (seriesId: string) => `/recurring/${encodeSegment(seriesId)}`,
    access: account,
  },
  /** Change all future visits of a recurring cleaning: its customer, or an admin. */
  changeSeries: {
    path: '/recurring/:seriesId/change',
    getHref: (seriesId: string) => `/recurring/${encodeSegment(seriesId)}/change`,
    access: account,
  },
  submitFeedback: { path: '/submit-feedback', getHref: () => '/submit-feedback', access: account },
  /** Ask for a quote (issue 16): quote-only services, or an address outside the service area. */
  requestQuote: { path: '/request-quote', getHref: () => '/request-quote', access: account },
  /** My quote requests and their answers: accept (book at that price) or decline. */
  myQuotes: { path: '/my-quotes', getHref: () => '/my-quotes', access: account },
  profile: { path: '/profile', getHref: () => '/profile', access: account },

  // Staff (admin, employee)
  appointments: { path: '/appointments', getHref: () => '/appointments', access: staff },
  addAppointment: { path: '/appointments/add', getHref: () => '/appointments/add', access: staff },
  editAppointment: {
    path: '/appointments/edit/:appointmentId',
    getHref: (appointmentId: string) => `/appointments/edit/${encodeSegment(appointmentId)}`,
    access: staff,
  },
  schedule: { path: '/schedule', getHref: () => '/schedule', access: staff },
  employeeSchedule: { path: '/employee-schedule', getHref: () => '/employee-schedule', access: staff },
  myAvailabilities: { path: '/my-availabilities', getHref: () => '/my-availabilities', access: staff },
  editAvailability: {
    path: '/my-availabilities/edit/:availabilityId',
    getHref: (availabilityId: string) => `/my-availabilities/edit/${encodeSegment(availabilityId)}`,
    access: staff,
  },
  addAvailability: { path: '/add-availability', getHref: () => '/add-availability', access: staff },
  assignSchedule: {
    path: '/assign-schedule/:availabilityId',
    getHref: (availabilityId: string) => `/assign-schedule/${encodeSegment(availabilityId)}`,
    access: staff,
  },
  /** An employee's route for a day (issue 13); an admin sees theirs when they have an employee record. */
  myDay: { path: '/my-day', getHref: () => '/my-day', access: staff },

  // Admin
  /** The dispatch board (issue 13): every employee's day or week, reassigning visits. */
  dispatch: { path: '/dispatch', getHref: () => '/dispatch', access: admin },
  adminDashboard: { path: '/admin-dashboard', getHref: () => '/admin-dashboard', access: admin },
  /** An admin books a recurring cleaning for a customer (phone bookings). */
  addSeries: { path: '/recurring/add', getHref: () => '/recurring/add', access: admin },
  employees: { path: '/employees', getHref: () => '/employees', access: admin },
  /** The business's tax numbers and each province's taxes (issue 29): receipts and the visits' money. */
  taxSettings: { path: '/tax-settings', getHref: () => '/tax-settings', access: admin },
  /** Hours and pay (issue 30 §6, decision 066): each employee's pay terms and pay period by period. */
  pay: { path: '/pay', getHref: () => '/pay', access: admin },
  /** What the reconciliation with Stripe found, to look at and mark resolved (decision 061). */
  paymentDiscrepancies: {
    path: '/payment-discrepancies',
    getHref: () => '/payment-discrepancies',
    access: admin,
  },
  addEmployee: { path: '/add-employee', getHref: () => '/add-employee', access: admin },
  editEmployee: {
    path: '/edit-employee/:employeeId',
    getHref: (employeeId: string) => `/edit-employee/${encodeSegment(employeeId)}`,
    access: admin,
  },
  addService: { path: '/add-service', getHref: () => '/add-service', access: admin },
  editService: {
    path: '/edit-service/:serviceId',
    getHref: (serviceId: string) => `/edit-service/${encodeSegment(serviceId)}`,
    access: admin,
  },
  addCustomer: { path: '/add-customer', getHref: () => '/add-customer', access: admin },
  editCustomer: {
    path: '/edit-customer/:customerId',
    getHref: (customerId: string) => `/edit-customer/${encodeSegment(customerId)}`,
    access: admin,
  },
} as const satisfies Record<string, RouteDefinition>;

export type PathName = keyof typeof paths;
