import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';

import { AppLayout } from '@/components/layouts/app-layout';
import { PageLoader } from '@/components/ui/page-loader';
import { RouteError } from '@/components/ui/route-error';
import { paths, type RouteDefinition } from '@/config/paths';
import type { RouteHandle } from '@/lib/auth/access';
import { RouteGuard } from '@/app/route-guard';

/**
 * One screen, split into its own chunk: its code loads when the route is first matched, and the
 * page loader fills <main> meanwhile (the layout stays on screen). Its `handle` says who may open
 * it (`access` in config/paths.ts; none: public), which the route guard reads.
 */
function screen(
  route: Pick<RouteDefinition, 'path' | 'access'>,
  loadComponent: () => Promise<ComponentType>,
): RouteObject {
  const handle: RouteHandle = { access: route.access ?? [] };
  return { path: route.path, handle, HydrateFallback: PageLoader, lazy: { Component: loadComponent } };
}

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors of a screen render inside the layout, so the navigation stays usable.
        ErrorBoundary: RouteError,
        // The access rule of spec §2 for every screen below: public ones always show, the others
        // need one of the permissions listed next to their path in config/paths.ts.
        Component: RouteGuard,
        children: [
          // Public
          screen(paths.home, () => import('./routes/public/home').then((m) => m.HomeRoute)),
          screen(paths.services, () => import('./routes/public/services').then((m) => m.ServicesRoute)),
          screen(paths.aboutUs, () => import('./routes/public/about-us').then((m) => m.AboutUsRoute)),
          screen(paths.contacts, () => import('./routes/public/contacts').then((m) => m.ContactsRoute)),
          screen(paths.calendarTest, () =>
            import('./routes/public/calendar-test').then((m) => m.CalendarTestRoute),
          ),
          screen(paths.authCallback, () =>
            import('./routes/public/auth-callback').then((m) => m.AuthCallbackRoute),
          ),

          // Signed-in users: admin, employee or customer. The spec also declares /calendar-select
          // once without a guard; it is guarded here.
          screen(paths.calendarSelect, () =>
            import('./routes/account/calendar-select').then((m) => m.CalendarSelectRoute),
          ),
          screen(paths.checkout, () => import('./routes/account/checkout').then((m) => m.CheckoutRoute)),
          screen(paths.myAppointments, () =>
            import('./routes/account/my-appointments').then((m) => m.MyAppointmentsRoute),
          ),
          screen(paths.editMyAppointment, () =>
            import('./routes/account/edit-my-appointment').then((m) => m.EditMyAppointmentRoute),
          ),
          screen(paths.series, () => import('./routes/account/series').then((m) => m.SeriesRoute)),
          screen(paths.changeSeries, () =>
            import('./routes/account/change-series').then((m) => m.ChangeSeriesRoute),
          ),
          screen(paths.submitFeedback, () =>
            import('./routes/account/submit-feedback').then((m) => m.SubmitFeedbackRoute),
          ),
          screen(paths.profile, () => import('./routes/account/profile').then((m) => m.ProfileRoute)),
          screen(paths.requestQuote, () =>
            import('./routes/account/request-quote').then((m) => m.RequestQuoteRoute),
          ),
          screen(paths.myQuotes, () => import('./routes/account/my-quotes').then((m) => m.MyQuotesRoute)),

          // Staff: admin or employee.
          screen(paths.appointments, () =>
            import('./routes/staff/appointments').then((m) => m.AppointmentsRoute),
          ),
          screen(paths.addAppointment, () =>
            import('./routes/staff/add-appointment').then((m) => m.AddAppointmentRoute),
          ),
          screen(paths.editAppointment, () =>
            import('./routes/staff/edit-appointment').then((m) => m.EditAppointmentRoute),
          ),
          screen(paths.schedule, () => import('./routes/staff/schedule').then((m) => m.ScheduleRoute)),
          screen(paths.employeeSchedule, () =>
            import('./routes/staff/employee-schedule').then((m) => m.EmployeeScheduleRoute),
          ),
          screen(paths.myAvailabilities, () =>
            import('./routes/staff/my-availabilities').then((m) => m.MyAvailabilitiesRoute),
          ),
          screen(paths.editAvailability, () =>
            import('./routes/staff/edit-availability').then((m) => m.EditAvailabilityRoute),
          ),
          screen(paths.addAvailability, () =>
            import('./routes/staff/add-availability').then((m) => m.AddAvailabilityRoute),
          ),
          screen(paths.assignSchedule, () =>
            import('./routes/staff/assign-schedule').then((m) => m.AssignScheduleRoute),
          ),
          screen(paths.myDay, () => import('./routes/staff/my-day').then((m) => m.MyDayRoute)),

          // Admin only.
          screen(paths.adminDashboard, () =>
            import('./routes/admin/admin-dashboard').then((m) => m.AdminDashboardRoute),
          ),
          screen(paths.dispatch, () => import('./routes/admin/dispatch').then((m) => m.DispatchRoute)),
          screen(paths.addSeries, () => import('./routes/admin/add-series').then((m) => m.AddSeriesRoute)),
          screen(paths.employees, () => import('./routes/admin/employees').then((m) => m.EmployeesRoute)),
          screen(paths.addEmployee, () =>
            import('./routes/admin/add-employee').then((m) => m.AddEmployeeRoute),
          ),
          screen(paths.editEmployee, () =>
            import('./routes/admin/edit-employee').then((m) => m.EditEmployeeRoute),
          ),
          screen(paths.addService, () => import('./routes/admin/add-service').then((m) => m.AddServiceRoute)),
          screen(paths.editService, () =>
            import('./routes/admin/edit-service').then((m) => m.EditServiceRoute),
          ),
          screen(paths.addCustomer, () =>
            import('./routes/admin/add-customer').then((m) => m.AddCustomerRoute),
          ),
          screen(paths.editCustomer, () =>
            import('./routes/admin/edit-customer').then((m) => m.EditCustomerRoute),
          ),
          screen(paths.pay, () => import('./routes/admin/pay').then((m) => m.PayRoute)),
          screen(paths.paymentDiscrepancies, () =>
            import('./routes/admin/payment-discrepancies').then((m) => m.PaymentDiscrepanciesRoute),
          ),
          // Last of the screens: the build names shared chunks after the screens in this order, and the
          // public pages list those names (their first visit's bytes, decision 044).
          screen(paths.taxSettings, () => import('./routes/admin/taxes').then((m) => m.TaxSettingsRoute)),

          // Anything else: translated 404.
          screen({ path: '*' }, () => import('./routes/public/not-found').then((m) => m.NotFoundRoute)),
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
