import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function CalendarTestRoute() {
  return <PagePlaceholder page="calendarTest" />;
}
