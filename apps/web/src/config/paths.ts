/**
 * Every route of the app (spec §2) in one place. Screens and links build URLs with `getHref`;
 * the router reads `path`. No URL string is written inline anywhere else.
 */

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

  // Signed-in (admin, employee, customer)
  calendarSelect: { path: '/calendar-select', getHref: () => '/calendar-select' },
  checkout: { path: '/checkout', getHref: () => '/checkout' },
  myAppointments: { path: '/my-appointments', getHref: () => '/my-appointments' },
  editMyAppointment: {
    path: '/my-appointments/edit/:appointmentId',
    getHref: (appointmentId: string) => `/my-appointments/edit/${encodeSegment(appointmentId)}`,
  },
  submitFeedback: { path: '/submit-feedback', getHref: () => '/submit-feedback' },
  profile: { path: '/profile', getHref: () => '/profile' },

  // Staff (admin, employee)
  appointments: { path: '/appointments', getHref: () => '/appointments' },
  addAppointment: { path: '/appointments/add', getHref: () => '/appointments/add' },
  editAppointment: {
    path: '/appointments/edit/:appointmentId',
    getHref: (appointmentId: string) => `/appointments/edit/${encodeSegment(appointmentId)}`,
  },
  schedule: { path: '/schedule', getHref: () => '/schedule' },
  employeeSchedule: { path: '/employee-schedule', getHref: () => '/employee-schedule' },
  myAvailabilities: { path: '/my-availabilities', getHref: () => '/my-availabilities' },
  editAvailability: {
    path: '/my-availabilities/edit/:availabilityId',
    getHref: (availabilityId: string) => `/my-availabilities/edit/${encodeSegment(availabilityId)}`,
  },
  addAvailability: { path: '/add-availability', getHref: () => '/add-availability' },
  assignSchedule: {
    path: '/assign-schedule/:availabilityId',
    getHref: (availabilityId: string) => `/assign-schedule/${encodeSegment(availabilityId)}`,
  },

  // Admin
  adminDashboard: { path: '/admin-dashboard', getHref: () => '/admin-dashboard' },
  employees: { path: '/employees', getHref: () => '/employees' },
  addEmployee: { path: '/add-employee', getHref: () => '/add-employee' },
  editEmployee: {
    path: '/edit-employee/:employeeId',
    getHref: (employeeId: string) => `/edit-employee/${encodeSegment(employeeId)}`,
  },
  addService: { path: '/add-service', getHref: () => '/add-service' },
  editService: {
    path: '/edit-service/:serviceId',
    getHref: (serviceId: string) => `/edit-service/${encodeSegment(serviceId)}`,
  },
  addCustomer: { path: '/add-customer', getHref: () => '/add-customer' },
  editCustomer: {
    path: '/edit-customer/:customerId',
    getHref: (customerId: string) => `/edit-customer/${encodeSegment(customerId)}`,
  },
} as const;

export type PathName = keyof typeof paths;
