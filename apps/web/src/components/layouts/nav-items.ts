import type { Permission } from '@eclat/shared';

import { paths } from '@/config/paths';
import { hasAnyPermission } from '@/lib/auth/access';

type NavLabelKey =
  | 'nav.home'
  | 'nav.services'
  | 'nav.aboutUs'
  | 'nav.contacts'
  | 'nav.appointments'
  | 'nav.schedule'
  | 'nav.myAvailabilities'
  | 'nav.myDay'
  | 'nav.adminDashboard'
  | 'nav.dispatch'
  | 'nav.myAppointments';

/** `work`: a staff page, one of those the bar groups under its Work menu (the drawer lists them all). */
export type NavItem = { to: string; labelKey: NavLabelKey; end?: boolean; work?: true };

type NavEntry = NavItem & { isShownTo: (held: readonly Permission[]) => boolean };

const everyone = () => true;
const holdersOf =
  (...permissions: Permission[]) =>
  (held: readonly Permission[]) =>
    hasAnyPermission(held, permissions);

/**
 * The links of the navigation bar (spec §2), in order: Home, Services (hidden for admins), About
 * Us, Contacts; employees also see Appointments, Schedule, My Availabilities and My Day; admins see
 * Admin Dashboard and Dispatch; employees and customers see My Appointments. Each link's route also admits these
 * users (config/paths.ts `access`; a unit test checks). The staff pages are `work`: on a wide screen they
 * sit under one Work menu in the bar, so every role's bar fits from 1,024 px up (decision 037).
 */
const NAV_ENTRIES: readonly NavEntry[] = [
  { to: paths.home.getHref(), labelKey: 'nav.home', end: true, isShownTo: everyone },
  { to: paths.services.getHref(), labelKey: 'nav.services', isShownTo: (held) => !held.includes('admin') },
  { to: paths.aboutUs.getHref(), labelKey: 'nav.aboutUs', isShownTo: everyone },
  { to: paths.contacts.getHref(), labelKey: 'nav.contacts', isShownTo: everyone },
  {
    to: paths.appointments.getHref(),
    labelKey: 'nav.appointments',
    work: true,
    isShownTo: holdersOf('employee'),
  },
  { to: paths.schedule.getHref(), labelKey: 'nav.schedule', work: true, isShownTo: holdersOf('employee') },
  {
    to: paths.myAvailabilities.getHref(),
    labelKey: 'nav.myAvailabilities',
    work: true,
    isShownTo: holdersOf('employee'),
  },
  { to: paths.myDay.getHref(), labelKey: 'nav.myDay', work: true, isShownTo: holdersOf('employee') },
  {
    to: paths.adminDashboard.getHref(),
    labelKey: 'nav.adminDashboard',
    work: true,
    isShownTo: holdersOf('admin'),
  },
  { to: paths.dispatch.getHref(), labelKey: 'nav.dispatch', work: true, isShownTo: holdersOf('admin') },
  {
    to: paths.myAppointments.getHref(),
    labelKey: 'nav.myAppointments',
    isShownTo: holdersOf('employee', 'customer'),
  },
];

/** The links a user with these permissions sees (a visitor has none). */
export function getNavItems(permissions: readonly Permission[]): NavItem[] {
  return NAV_ENTRIES.filter((entry) => entry.isShownTo(permissions));
}
