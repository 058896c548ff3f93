import { paths } from '@/config/paths';
import { writeAdminTab } from '@/features/admin/dashboard-tabs';

/** Where the admin's customer forms go back to (spec §2: the admin dashboard), on its Customers tab. */
export const CUSTOMERS_TAB_HREF = `${paths.adminDashboard.getHref()}?${writeAdminTab('', 'customers').toString()}`;
