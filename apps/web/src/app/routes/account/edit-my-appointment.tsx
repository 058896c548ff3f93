import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function EditMyAppointmentRoute() {
  return <PagePlaceholder page="editMyAppointment" />;
}
