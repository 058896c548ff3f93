import { paths } from '@/config/paths';

/**
 * The admin dashboard's tabs (spec §2, Recurring: issue 14, Emails: issue 15, Quotes: issue 16, Overview
 * first: issue 17), in the order they are shown, and their place in the URL: `/admin-dashboard?tab=roles`.
 * A link or a reload keeps the tab; anything unknown shows the spec's default tab, Employees (decision 030:
 * the Overview comes first in the row, the spec's default stays).
 */
export const ADMIN_TABS = [
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
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const DEFAULT_ADMIN_TAB: AdminTab = 'employees';

/** The query-string parameter that holds the active tab. */
export const ADMIN_TAB_PARAM = 'tab';

export function isAdminTab(value: unknown): value is AdminTab {
  return typeof value === 'string' && (ADMIN_TABS as readonly string[]).includes(value);
}

/** The tab a query string asks for; missing, empty or unknown values give the default tab. */
export function readAdminTab(search: URLSearchParams | string): AdminTab {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.get(ADMIN_TAB_PARAM)?.trim().toLowerCase();
  return isAdminTab(value) ? value : DEFAULT_ADMIN_TAB;
}

/** The query string with `tab` set to this tab; other parameters are kept. */
export function writeAdminTab(search: URLSearchParams | string, tab: AdminTab): URLSearchParams {
  const params = new URLSearchParams(search);
  params.set(ADMIN_TAB_PARAM, tab);
  return params;
}

/** The address of one tab of the dashboard: `/admin-dashboard?tab=customers`. */
export function adminTabHref(tab: AdminTab): string {
  return `${paths.adminDashboard.getHref()}?${writeAdminTab('', tab).toString()}`;
}
