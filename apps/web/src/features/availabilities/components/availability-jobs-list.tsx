import type { Job, Locale } from '@eclat/shared';
import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

import { formatBusinessDate, formatBusinessTime } from '@/lib/business-time';

import { Detail } from '@/components/ui/detail';

type AvailabilityJobsListProps = {
  jobs: readonly Job[];
  timeZone: string;
  locale: Locale;
  /** Names the list for assistive technology (the dialog's text says what it is). */
  label: string;
};

/** The visits an availability covers, as its delete confirmation lists them: when, who, where. */
export function AvailabilityJobsList({ jobs, timeZone, locale, label }: AvailabilityJobsListProps) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" gap="xs" m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
      {jobs.map((job) => (
        <Paper component="li" key={job.id} withBorder radius="sm" p="xs">
          <Stack gap={4}>
            <Text size="sm" fw={700}>
              {t('availabilities.delete.jobWhen', {
                date: formatBusinessDate(job.startTime, timeZone, locale),
                start: formatBusinessTime(job.startTime, timeZone, locale),
                end: formatBusinessTime(job.endTime, timeZone, locale),
              })}
            </Text>
            <Stack component="dl" gap={2} m={0}>
              <Detail term={t('schedules.agenda.customer')}>
                {`${job.customerFirstName} ${job.customerLastName}`.trim()}
              </Detail>
              <Detail term={t('schedules.agenda.location')}>
                {job.location ?? t('schedules.agenda.noLocation')}
              </Detail>
              <Detail term={t('availabilities.delete.jobServices')}>{job.services}</Detail>
            </Stack>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
