import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function EditAvailabilityRoute() {
  return <PagePlaceholder page="editAvailability" />;
}
