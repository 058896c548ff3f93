import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function MyAppointmentsRoute() {
  return <PagePlaceholder page="myAppointments" />;
}
