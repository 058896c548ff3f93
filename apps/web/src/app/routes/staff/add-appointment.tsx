import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function AddAppointmentRoute() {
  return <PagePlaceholder page="addAppointment" />;
}
