import { paths } from '@/config/paths';
import { adminTabHref } from '@/lib/admin-tabs';

/**
 * The employee forms go back to the page that opened them: the admin dashboard's Employees tab or
 * the /employees page. The table puts `{ from }` in the navigation state of its Add and Edit links
 * (history state, so a reload keeps it); a form opened any other way goes back to /employees.
 */
export type EmployeesOrigin = 'dashboard' | 'list';

export type EmployeesNavigationState = { from: EmployeesOrigin };

export function toEmployeesNavigationState(from: EmployeesOrigin): EmployeesNavigationState {
  return { from };
}

/** The origin a location's state names; anything else (no state, another page's state) is 'list'. */
export function readEmployeesOrigin(state: unknown): EmployeesOrigin {
  if (typeof state === 'object' && state !== null && 'from' in state && state.from === 'dashboard') {
    return 'dashboard';
  }
  return 'list';
}

/** The page an origin names: the dashboard's Employees tab, or /employees. */
export function toEmployeesOriginHref(origin: EmployeesOrigin): string {
  return origin === 'dashboard' ? adminTabHref('employees') : paths.employees.getHref();
}
