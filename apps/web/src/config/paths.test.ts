import { describe, expect, it } from 'vitest';

import { paths, ROUTE_ACCESS, type RouteDefinition } from './paths';

describe('paths', () => {
  it('builds the hrefs of routes with a parameter', () => {
    expect(paths.editMyAppointment.getHref('42')).toBe('/my-appointments/edit/42');
    expect(paths.series.getHref('s1')).toBe('/recurring/s1');
    expect(paths.changeSeries.getHref('s1')).toBe('/recurring/s1/change');
    expect(paths.editAppointment.getHref('a1')).toBe('/appointments/edit/a1');
    expect(paths.editAvailability.getHref('7')).toBe('/my-availabilities/edit/7');
    expect(paths.assignSchedule.getHref('9')).toBe('/assign-schedule/9');
    expect(paths.editEmployee.getHref('e-1')).toBe('/edit-employee/e-1');
    expect(paths.editCustomer.getHref('c-1')).toBe('/edit-customer/c-1');
    expect(paths.editService.getHref('3f1c2b9e-1d2a-4c3b-9e8f-7a6b5c4d3e2f')).toBe(
      '/edit-service/3f1c2b9e-1d2a-4c3b-9e8f-7a6b5c4d3e2f',
    );
  });

  it('encodes parameter values so they stay one path segment', () => {
    expect(paths.editService.getHref('a/b?c#d')).toBe('/edit-service/a%2Fb%3Fc%23d');
    expect(paths.editCustomer.getHref('é 1')).toBe('/edit-customer/%C3%A9%201');
  });

  it('fills every parameter of the pattern it belongs to', () => {
    for (const route of Object.values(paths)) {
      const params = route.path.match(/:\w+/g) ?? [];
      const href = route.getHref('value');
      expect(href).not.toContain(':');
      expect(href.split('/')).toHaveLength(route.path.split('/').length);
      if (params.length === 0) expect(href).toBe(route.path);
    }
  });

  it('covers every route of the spec route table', () => {
    const specRoutes = [
      '/',
      '/services',
      '/about-us',
      '/contacts',
      '/calendar-test',
      '/calendar-select',
      '/checkout',
      '/my-appointments',
      '/my-appointments/edit/:appointmentId',
      '/submit-feedback',
      '/profile',
      '/appointments',
      '/appointments/add',
      '/appointments/edit/:appointmentId',
      '/schedule',
      '/employee-schedule',
      '/my-availabilities',
      '/my-availabilities/edit/:availabilityId',
      '/add-availability',
      '/assign-schedule/:availabilityId',
      '/admin-dashboard',
      '/employees',
      '/add-employee',
      '/edit-employee/:employeeId',
      '/add-service',
      '/edit-service/:serviceId',
      '/add-customer',
      '/edit-customer/:customerId',
    ];
    // Plus the one route the sign-in needs (where the identity provider sends the browser back) and
    // the scheduling screens of issue 13.
    expect(
      Object.values(paths)
        .map((route) => route.path)
        .sort(),
    ).toEqual(
      [
        ...specRoutes,
        '/auth/callback',
        '/dispatch',
        '/my-day',
        // Recurring cleanings (issue 14).
        '/recurring/:seriesId',
        '/recurring/:seriesId/change',
        '/recurring/add',
        // Quote requests (issue 16).
        '/request-quote',
        '/my-quotes',
        // The tax settings of payments (issue 29).
        '/tax-settings',
        // What the reconciliation with Stripe found (decision 061).
        '/payment-discrepancies',
        // Hours and pay (issue 30, decision 066).
        '/pay',
      ].sort(),
    );
  });
});

describe('route access (spec §2 route table)', () => {
  const accessOf = (route: RouteDefinition) => route.access ?? 'public';
  const routes: readonly RouteDefinition[] = Object.values(paths);
  const byPath = new Map(routes.map((route) => [route.path, accessOf(route)]));

  it('leaves the public pages and the sign-in callback open', () => {
    for (const path of ['/', '/services', '/about-us', '/contacts', '/calendar-test', '/auth/callback']) {
      expect(byPath.get(path), path).toBe('public');
    }
  });

  it('admits admin, employee or customer to the account pages', () => {
    for (const path of [
      '/calendar-select',
      '/checkout',
      '/my-appointments',
      '/my-appointments/edit/:appointmentId',
      '/submit-feedback',
      '/profile',
      '/recurring/:seriesId',
      '/recurring/:seriesId/change',
    ]) {
      expect(byPath.get(path), path).toEqual(['admin', 'employee', 'customer']);
    }
  });

  it('admits admin or employee to the staff pages', () => {
    for (const path of [
      '/appointments',
      '/appointments/add',
      '/appointments/edit/:appointmentId',
      '/schedule',
      '/employee-schedule',
      '/my-availabilities',
      '/my-availabilities/edit/:availabilityId',
      '/add-availability',
      '/assign-schedule/:availabilityId',
    ]) {
      expect(byPath.get(path), path).toEqual(['admin', 'employee']);
    }
  });

  it('admits only admins to the admin pages', () => {
    for (const path of [
      '/admin-dashboard',
      '/employees',
      '/add-employee',
      '/edit-employee/:employeeId',
      '/add-service',
      '/edit-service/:serviceId',
      '/add-customer',
      '/edit-customer/:customerId',
      '/recurring/add',
      '/tax-settings',
      '/payment-discrepancies',
      '/pay',
    ]) {
      expect(byPath.get(path), path).toEqual(['admin']);
    }
  });

  it('uses only the three audiences of the table', () => {
    const audiences = new Set<unknown>(Object.values(ROUTE_ACCESS));
    for (const route of routes) {
      if (route.access) expect(audiences.has(route.access), route.path).toBe(true);
    }
  });
});
