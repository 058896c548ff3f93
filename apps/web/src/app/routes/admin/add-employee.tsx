import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function AddEmployeeRoute() {
  return <PagePlaceholder page="addEmployee" />;
}
