import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function AssignScheduleRoute() {
  return <PagePlaceholder page="assignSchedule" />;
}
