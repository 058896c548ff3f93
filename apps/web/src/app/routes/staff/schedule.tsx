import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function ScheduleRoute() {
  return <PagePlaceholder page="schedule" />;
}
