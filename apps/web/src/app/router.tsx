import type { Permission } from '@eclat/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';

import { AppLayout } from '@/components/layouts/app-layout';
import { PageLoader } from '@/components/ui/page-loader';
import { RouteError } from '@/components/ui/route-error';
import { paths } from '@/config/paths';

/**
 * Who may open a group of routes (spec §2 route table, §6): granted when the user holds any one
 * of these permissions. Read by the guard that the auth issue adds.
 */
export type RouteHandle = { access: readonly Permission[] };

const ACCOUNT_ACCESS: RouteHandle = { access: ['admin', 'employee', 'customer'] };
const STAFF_ACCESS: RouteHandle = { access: ['admin', 'employee'] };
const ADMIN_ACCESS: RouteHandle = { access: ['admin'] };

/**
 * One screen, split into its own chunk: its code loads when the route is first matched, and the
 * page loader fills <main> meanwhile (the layout stays on screen).
 */
function screen(path: string, loadComponent: () => Promise<ComponentType>): RouteObject {
  return { path, HydrateFallback: PageLoader, lazy: { Component: loadComponent } };
}

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors of a screen render inside the layout, so the navigation stays usable.
        ErrorBoundary: RouteError,
        children: [
          // Public
          screen(paths.home.path, () => import('./routes/public/home').then((m) => m.HomeRoute)),
          screen(paths.services.path, () => import('./routes/public/services').then((m) => m.ServicesRoute)),
          screen(paths.aboutUs.path, () => import('./routes/public/about-us').then((m) => m.AboutUsRoute)),
          screen(paths.contacts.path, () => import('./routes/public/contacts').then((m) => m.ContactsRoute)),
          screen(paths.calendarTest.path, () =>
            import('./routes/public/calendar-test').then((m) => m.CalendarTestRoute),
          ),

          {
            // Signed-in users: admin, employee or customer.
            // Guard goes here: `Component: RequireAccess` reading this handle (auth issue).
            // The spec also declares /calendar-select once without a guard; it is guarded here.
            handle: ACCOUNT_ACCESS,
            children: [
              screen(paths.calendarSelect.path, () =>
                import('./routes/account/calendar-select').then((m) => m.CalendarSelectRoute),
              ),
              screen(paths.checkout.path, () =>
                import('./routes/account/checkout').then((m) => m.CheckoutRoute),
              ),
              screen(paths.myAppointments.path, () =>
                import('./routes/account/my-appointments').then((m) => m.MyAppointmentsRoute),
              ),
              screen(paths.editMyAppointment.path, () =>
                import('./routes/account/edit-my-appointment').then((m) => m.EditMyAppointmentRoute),
              ),
              screen(paths.submitFeedback.path, () =>
                import('./routes/account/submit-feedback').then((m) => m.SubmitFeedbackRoute),
              ),
              screen(paths.profile.path, () =>
                import('./routes/account/profile').then((m) => m.ProfileRoute),
              ),
            ],
          },

          {
            // Staff: admin or employee. Guard goes here (auth issue).
            handle: STAFF_ACCESS,
            children: [
              screen(paths.appointments.path, () =>
                import('./routes/staff/appointments').then((m) => m.AppointmentsRoute),
              ),
              screen(paths.addAppointment.path, () =>
                import('./routes/staff/add-appointment').then((m) => m.AddAppointmentRoute),
              ),
              screen(paths.editAppointment.path, () =>
                import('./routes/staff/edit-appointment').then((m) => m.EditAppointmentRoute),
              ),
              screen(paths.schedule.path, () =>
                import('./routes/staff/schedule').then((m) => m.ScheduleRoute),
              ),
              screen(paths.employeeSchedule.path, () =>
                import('./routes/staff/employee-schedule').then((m) => m.EmployeeScheduleRoute),
              ),
              screen(paths.myAvailabilities.path, () =>
                import('./routes/staff/my-availabilities').then((m) => m.MyAvailabilitiesRoute),
              ),
              screen(paths.editAvailability.path, () =>
                import('./routes/staff/edit-availability').then((m) => m.EditAvailabilityRoute),
              ),
              screen(paths.addAvailability.path, () =>
                import('./routes/staff/add-availability').then((m) => m.AddAvailabilityRoute),
              ),
              screen(paths.assignSchedule.path, () =>
                import('./routes/staff/assign-schedule').then((m) => m.AssignScheduleRoute),
              ),
            ],
          },

          {
            // Admin only. Guard goes here (auth issue).
            handle: ADMIN_ACCESS,
            children: [
              screen(paths.adminDashboard.path, () =>
                import('./routes/admin/admin-dashboard').then((m) => m.AdminDashboardRoute),
              ),
              screen(paths.employees.path, () =>
                import('./routes/admin/employees').then((m) => m.EmployeesRoute),
              ),
              screen(paths.addEmployee.path, () =>
                import('./routes/admin/add-employee').then((m) => m.AddEmployeeRoute),
              ),
              screen(paths.editEmployee.path, () =>
                import('./routes/admin/edit-employee').then((m) => m.EditEmployeeRoute),
              ),
              screen(paths.addService.path, () =>
                import('./routes/admin/add-service').then((m) => m.AddServiceRoute),
              ),
              screen(paths.editService.path, () =>
                import('./routes/admin/edit-service').then((m) => m.EditServiceRoute),
              ),
              screen(paths.addCustomer.path, () =>
                import('./routes/admin/add-customer').then((m) => m.AddCustomerRoute),
              ),
              screen(paths.editCustomer.path, () =>
                import('./routes/admin/edit-customer').then((m) => m.EditCustomerRoute),
              ),
            ],
          },

          // Anything else: translated 404.
          screen('*', () => import('./routes/public/not-found').then((m) => m.NotFoundRoute)),
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
