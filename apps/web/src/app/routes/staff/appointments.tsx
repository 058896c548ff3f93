import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function AppointmentsRoute() {
  return <PagePlaceholder page="appointments" />;
}
