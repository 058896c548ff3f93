import { describe, expect, it } from 'vitest';

import { readEmployeesOrigin, toEmployeesNavigationState, toEmployeesOriginHref } from './employees-origin';

describe('readEmployeesOrigin', () => {
  it('reads back the state the table writes', () => {
    expect(readEmployeesOrigin(toEmployeesNavigationState('dashboard'))).toBe('dashboard');
    expect(readEmployeesOrigin(toEmployeesNavigationState('list'))).toBe('list');
  });

  it.each([undefined, null, 'dashboard', {}, { from: 'elsewhere' }, { from: ['dashboard'] }])(
    'falls back to the employees page for %j',
    (state) => {
      expect(readEmployeesOrigin(state)).toBe('list');
    },
  );
});

describe('toEmployeesOriginHref', () => {
  it('goes back to the Employees tab of the dashboard, or to the employees page', () => {
    expect(toEmployeesOriginHref('dashboard')).toBe('/admin-dashboard?tab=employees');
    expect(toEmployeesOriginHref('list')).toBe('/employees');
  });
});
