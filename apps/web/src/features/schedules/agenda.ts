import type { Job, Schedule } from '@eclat/shared';

import { toZonedDayAndTime } from './schedule-time';

/**
 * The employee schedule in one list: the shifts assigned from availabilities (`/schedules`) and the
 * jobs, i.e. the appointments an employee is assigned to (`/schedules/jobs`), grouped by business day
 * and sorted by time.
 */
export type AgendaItem =
  | { kind: 'shift'; key: string; startsAt: string; schedule: Schedule }
  | { kind: 'job'; key: string; startsAt: string; job: Job };

export type AgendaDay = { day: string; items: AgendaItem[] };

type BuildAgendaOptions = {
  jobs: readonly Job[];
  schedules: readonly Schedule[];
  timeZone: string;
  /** Today in the business time zone (YYYY-MM-DD). */
  today: string;
  /** Days before today are left out unless this is set. */
  includePast: boolean;
};

export function buildAgenda({
  jobs,
  schedules,
  timeZone,
  today,
  includePast,
}: BuildAgendaOptions): AgendaDay[] {
  const items: AgendaItem[] = [
    ...schedules.map((schedule): AgendaItem => ({
      kind: 'shift',
      key: `shift:${schedule.scheduleId}`,
      startsAt: schedule.assignedDate,
      schedule,
    })),
    ...jobs.map((job): AgendaItem => ({ kind: 'job', key: `job:${job.id}`, startsAt: job.startTime, job })),
  ];
  const byDay = new Map<string, AgendaItem[]>();
  for (const item of items) {
    const time = Date.parse(item.startsAt);
    if (Number.isNaN(time)) continue;
    const { day } = toZonedDayAndTime(new Date(time), timeZone);
    if (!includePast && day < today) continue;
    const list = byDay.get(day) ?? [];
    list.push(item);
    byDay.set(day, list);
  }
  return [...byDay]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, list]) => ({
      day,
      items: list.sort(
        (a, b) =>
          Date.parse(a.startsAt) - Date.parse(b.startsAt) ||
          (a.kind === b.kind ? a.key.localeCompare(b.key) : a.kind === 'shift' ? -1 : 1),
      ),
    }));
}
