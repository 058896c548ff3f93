import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function EditServiceRoute() {
  return <PagePlaceholder page="editService" />;
}
