import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function AdminDashboardRoute() {
  return <PagePlaceholder page="adminDashboard" />;
}
