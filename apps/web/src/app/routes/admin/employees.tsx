import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function EmployeesRoute() {
  return <PagePlaceholder page="employees" />;
}
