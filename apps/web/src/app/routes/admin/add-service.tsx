import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function AddServiceRoute() {
  return <PagePlaceholder page="addService" />;
}
