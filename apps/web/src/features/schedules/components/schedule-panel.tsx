import { SchedulesTable } from './schedules-table';

/** The admin dashboard's Employee Schedule tab: the same table as /schedule. */
export function SchedulePanel() {
  return <SchedulesTable />;
}
