import type { Permission } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import { paths, type RouteDefinition } from '@/config/paths';
import { decideAccess } from '@/lib/auth/access';

import { getNavItems } from './nav-items';

function labels(permissions: Permission[]): string[] {
  return getNavItems(permissions).map((item) => item.labelKey.replace('nav.', ''));
}

describe('getNavItems', () => {
  it('shows a visitor Home, Services, About Us and Contacts only', () => {
    expect(labels([])).toEqual(['home', 'services', 'aboutUs', 'contacts']);
  });

  it('adds My Appointments for a customer', () => {
    expect(labels(['customer'])).toEqual(['home', 'services', 'aboutUs', 'contacts', 'myAppointments']);
  });

  it('adds Appointments, Schedule, My Availabilities, My Day and My Appointments for an employee', () => {
    expect(labels(['employee'])).toEqual([
      'home',
      'services',
      'aboutUs',
      'contacts',
      'appointments',
      'schedule',
      'myAvailabilities',
      'myDay',
      'myAppointments',
    ]);
  });

  it('hides Services and shows Admin Dashboard and Dispatch, without My Appointments, for an admin', () => {
    expect(labels(['admin'])).toEqual(['home', 'aboutUs', 'contacts', 'adminDashboard', 'dispatch']);
  });

  it('combines the links of several permissions', () => {
    expect(labels(['admin', 'employee'])).toEqual([
      'home',
      'aboutUs',
      'contacts',
      'appointments',
      'schedule',
      'myAvailabilities',
      'myDay',
      'adminDashboard',
      'dispatch',
      'myAppointments',
    ]);
  });

  it('marks only Home as an exact match, so it is not active on every page', () => {
    expect(
      getNavItems([])
        .filter((item) => item.end)
        .map((item) => item.to),
    ).toEqual(['/']);
  });

  it('only links to pages the route guard lets the same user open', () => {
    const routes: readonly RouteDefinition[] = Object.values(paths);
    const combinations: Permission[][] = [
      [],
      ['customer'],
      ['employee'],
      ['admin'],
      ['admin', 'employee', 'customer'],
    ];
    for (const permissions of combinations) {
      for (const item of getNavItems(permissions)) {
        const route = routes.find((candidate) => candidate.path === item.to);
        expect(route, item.to).toBeDefined();
        const required = route?.access;
        expect(
          decideAccess({ status: 'signed-in', permissions, required }),
          `${permissions.join()} ${item.to}`,
        ).toBe('allow');
      }
    }
  });
});

describe('the staff pages', () => {
  const combinations: Permission[][] = [
    [],
    ['customer'],
    ['employee'],
    ['admin'],
    ['employee', 'customer'],
    ['admin', 'customer'],
    ['admin', 'employee'],
    ['admin', 'employee', 'customer'],
  ];

  it('are the work pages: Appointments, Schedule, My Availabilities, My Day, Admin Dashboard, Dispatch', () => {
    const work = getNavItems(['admin', 'employee', 'customer']).filter((item) => item.work);
    expect(work.map((item) => item.labelKey)).toEqual([
      'nav.appointments',
      'nav.schedule',
      'nav.myAvailabilities',
      'nav.myDay',
      'nav.adminDashboard',
      'nav.dispatch',
    ]);
  });

  it('follow each other for every role, so the bar shows one Work menu in their place', () => {
    for (const permissions of combinations) {
      const flags = getNavItems(permissions).map((item) => Boolean(item.work));
      const starts = flags.filter((work, index) => work && !flags[index - 1]).length;
      expect(starts, permissions.join()).toBe(flags.includes(true) ? 1 : 0);
    }
  });
});
