import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function EditAppointmentRoute() {
  return <PagePlaceholder page="editAppointment" />;
}
