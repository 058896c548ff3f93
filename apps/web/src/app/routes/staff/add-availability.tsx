import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function AddAvailabilityRoute() {
  return <PagePlaceholder page="addAvailability" />;
}
