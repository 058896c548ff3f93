import type { Job, Locale, Schedule } from '@eclat/shared';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { formatBusinessTime } from '@/lib/business-time';
import { formatDay } from '@/lib/format-day';

import type { AgendaDay } from '../agenda';
import { ScheduleStatusBadge } from './schedule-status-badge';
import { Detail } from '@/components/ui/detail';
import { statusColor } from '@/lib/appointment-list';

type WorkAgendaProps = {
  days: readonly AgendaDay[];
  timeZone: string;
  locale: Locale;
  /** Today in the business time zone (YYYY-MM-DD). */
  today: string;
  /** An admin sees everyone's work: each item names its employee. */
  showEmployee: boolean;
};

function Kind({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      {icon}
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
    </Group>
  );
}

function ShiftItem({ schedule, timeZone, locale, showEmployee }: { schedule: Schedule } & ItemProps) {
  const { t } = useTranslation();
  const id = `shift-${schedule.scheduleId}`;
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={id}>
      <Stack gap={6}>
        <Group justify="space-between" align="center" gap="xs">
          <Text fw={700} size="lg">
            <time dateTime={schedule.assignedDate}>
              {formatBusinessTime(schedule.assignedDate, timeZone, locale)}
            </time>
          </Text>
          <ScheduleStatusBadge status={schedule.status} />
        </Group>
        <Group gap="sm" align="center">
          <Title order={3} size="h5" id={id}>
            {t(`schedules.shiftTitle.${schedule.shift}`)}
          </Title>
          <Kind icon={<IconClockHour4 size={16} aria-hidden="true" />} label={t('schedules.agenda.shift')} />
        </Group>
        {(showEmployee || schedule.comments) && (
          <Stack component="dl" gap={4} m={0}>
            {showEmployee && (
              <Detail term={t('schedules.agenda.employee')}>
                {schedule.employeeFirstName} {schedule.employeeLastName}
              </Detail>
            )}
            {schedule.comments && <Detail term={t('schedules.agenda.comments')}>{schedule.comments}</Detail>}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function JobItem({ job, timeZone, locale, showEmployee }: { job: Job } & ItemProps) {
  const { t } = useTranslation();
  const id = `job-${job.id}`;
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={id}>
      <Stack gap={6}>
        <Group justify="space-between" align="center" gap="xs">
          <Text fw={700} size="lg">
            {t('schedules.agenda.timeRange', {
              start: formatBusinessTime(job.startTime, timeZone, locale),
              end: formatBusinessTime(job.endTime, timeZone, locale),
            })}
          </Text>
          <Badge color={statusColor(job.status)} variant="filled" autoContrast>
            {t(`schedules.jobStatus.${job.status}`)}
          </Badge>
        </Group>
        <Group gap="sm" align="center">
          <Title order={3} size="h5" id={id} style={{ overflowWrap: 'anywhere' }}>
            {job.services}
          </Title>
          <Kind icon={<IconSparkles size={16} aria-hidden="true" />} label={t('schedules.agenda.job')} />
        </Group>
        <Stack component="dl" gap={4} m={0}>
          {showEmployee && (
            <Detail term={t('schedules.agenda.employee')}>
              {job.employeeFirstName} {job.employeeLastName}
            </Detail>
          )}
          <Detail term={t('schedules.agenda.customer')}>
            {job.customerFirstName} {job.customerLastName}
          </Detail>
          <Detail term={t('schedules.agenda.location')}>
            {job.location ?? (
              <Text span size="sm" c="dimmed">
                {t('schedules.agenda.noLocation')}
              </Text>
            )}
          </Detail>
        </Stack>
      </Stack>
    </Paper>
  );
}

type ItemProps = { timeZone: string; locale: Locale; showEmployee: boolean };

/** Work grouped by day, each day in time order: assigned shifts and jobs (cleanings). */
export function WorkAgenda({ days, timeZone, locale, today, showEmployee }: WorkAgendaProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      {days.map(({ day, items }) => {
        const headingId = `agenda-day-${day}`;
        return (
          <section key={day} aria-labelledby={headingId}>
            <Group gap="sm" mb="sm" align="center">
              <Title order={2} size="h4" id={headingId}>
                <time dateTime={day}>{formatDay(day, locale)}</time>
              </Title>
              {day === today && (
                <Badge variant="filled" color="eclat.7" autoContrast>
                  {t('schedules.agenda.today')}
                </Badge>
              )}
            </Group>
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {items.map((item) => (
                <li key={item.key}>
                  {item.kind === 'shift' ? (
                    <ShiftItem
                      schedule={item.schedule}
                      timeZone={timeZone}
                      locale={locale}
                      showEmployee={showEmployee}
                    />
                  ) : (
                    <JobItem job={item.job} timeZone={timeZone} locale={locale} showEmployee={showEmployee} />
                  )}
                </li>
              ))}
            </Stack>
          </section>
        );
      })}
    </Stack>
  );
}
