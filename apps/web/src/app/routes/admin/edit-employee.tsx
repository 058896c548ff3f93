import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function EditEmployeeRoute() {
  return <PagePlaceholder page="editEmployee" />;
}
