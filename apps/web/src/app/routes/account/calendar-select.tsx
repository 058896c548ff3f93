import { PagePlaceholder } from '@/components/ui/page-placeholder';

export function CalendarSelectRoute() {
  return <PagePlaceholder page="calendarSelect" />;
}
