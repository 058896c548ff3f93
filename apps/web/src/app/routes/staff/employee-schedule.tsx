import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function EmployeeScheduleRoute() {
  return <PagePlaceholder page="employeeSchedule" />;
}
