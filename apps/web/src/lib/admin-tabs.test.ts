import { describe, expect, it } from 'vitest';

import {
  ADMIN_TABS,
  adminTabHref,
  DEFAULT_ADMIN_TAB,
  isAdminTab,
  readAdminTab,
  writeAdminTab,
} from './admin-tabs';

describe('admin dashboard tabs', () => {
  it('lists the Overview first, then the eight tabs of the spec in order, with Recurring and Quotes after Appointments and Emails last, Employees by default', () => {
    expect(ADMIN_TABS).toEqual([
      'overview',
      'employees',
      'customers',
      'services',
      'feedbacks',
      'appointments',
      'recurring',
      'quotes',
      'availabilities',
      'schedule',
      'roles',
      'emails',
    ]);
    expect(DEFAULT_ADMIN_TAB).toBe('employees');
  });

  it('reads the tab from the query string', () => {
    for (const tab of ADMIN_TABS) {
      expect(readAdminTab(`?tab=${tab}`)).toBe(tab);
      expect(readAdminTab(new URLSearchParams({ tab, other: 'x' }))).toBe(tab);
    }
    expect(readAdminTab('?tab=ROLES')).toBe('roles');
  });

  it('falls back to Employees for a missing, empty or unknown tab', () => {
    expect(readAdminTab('')).toBe('employees');
    expect(readAdminTab('?tab=')).toBe('employees');
    expect(readAdminTab('?tab=admin')).toBe('employees');
    expect(readAdminTab('?tab=toString')).toBe('employees');
    expect(readAdminTab('?other=roles')).toBe('employees');
  });

  it('writes the tab into the query string and keeps other parameters', () => {
    expect(writeAdminTab('', 'roles').toString()).toBe('tab=roles');
    expect(writeAdminTab('?tab=services&page=2', 'feedbacks').toString()).toBe('tab=feedbacks&page=2');
    for (const tab of ADMIN_TABS) expect(readAdminTab(writeAdminTab('?tab=x', tab))).toBe(tab);
  });

  it('recognises only the tab values', () => {
    expect(isAdminTab('recurring')).toBe(true);
    expect(isAdminTab('overview')).toBe(true);
    expect(isAdminTab('schedule')).toBe(true);
    expect(isAdminTab('Schedule')).toBe(false);
    expect(isAdminTab(undefined)).toBe(false);
    expect(isAdminTab(3)).toBe(false);
  });

  it('builds the address of one tab', () => {
    expect(adminTabHref('customers')).toBe('/admin-dashboard?tab=customers');
    expect(readAdminTab(adminTabHref('availabilities').split('?')[1] ?? '')).toBe('availabilities');
  });
});
