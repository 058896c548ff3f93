import { describe, expect, it } from 'vitest';

import { paths } from './paths';

describe('paths', () => {
  it('builds the hrefs of routes with a parameter', () => {
    expect(paths.editMyAppointment.getHref('42')).toBe('/my-appointments/edit/42');
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
    expect(
      Object.values(paths)
        .map((route) => route.path)
        .sort(),
    ).toEqual([...specRoutes].sort());
  });
});
