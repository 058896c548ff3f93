import type { DayRange, Schedule } from '@eclat/shared';
import { Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { ListRangeInput } from '@/components/ui/date-range-input';
import { EmptyState, LoadingSkeleton } from '@/components/ui/query-states';
import { DeleteRowButton, EditRowButton } from '@/components/ui/row-actions';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { formatBusinessTime } from '@/lib/business-time';
import { EmployeeLoadError } from '@/components/staff/availability-list-states';
import { NARROW_SCREEN_QUERY } from '@/components/ui/narrow-screen';
import { ShiftLabel } from '@/components/staff/shift-label';
import { formatDay } from '@/lib/format-day';
import { failureMessage } from '@/lib/staff/failure-message';
import { useSession } from '@/lib/auth/session';
import { i18n, useLanguage } from '@/lib/i18n';

import { useDeleteSchedule } from '../api/delete-schedule';
import { useSchedules } from '../api/get-schedules';
import { useUpdateSchedule } from '../api/update-schedule';
import { toScheduleFormValues } from '../schedule-form';
import { toZonedDayAndTime } from '../schedule-time';
import { notifyFailure, notifySuccess } from '@/components/ui/notify';
import { ScheduleForm } from './schedule-form';
import { ScheduleStatusBadge } from './schedule-status-badge';
import { Detail } from '@/components/ui/detail';

function employeeName(schedule: Schedule): string {
  return `${schedule.employeeFirstName} ${schedule.employeeLastName}`.trim();
}

/** The edit dialog of one schedule (admin): date and time, shift, status, comments. */
function EditScheduleModal({
  schedule,
  timeZone,
  onClose,
}: {
  schedule: Schedule | null;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateSchedule();
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    setServerError(null);
    onClose();
  };

  return (
    <Modal
      opened={schedule !== null}
      onClose={close}
      title={t('schedules.edit.title')}
      closeButtonProps={{ 'aria-label': t('schedules.assign.close') }}
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {schedule && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {employeeName(schedule)}
          </Text>
          <ScheduleForm
            key={schedule.scheduleId}
            initialValues={toScheduleFormValues(schedule, timeZone)}
            canChooseStatus
            timeZone={timeZone}
            submitLabel={t('schedules.edit.submit')}
            isSubmitting={update.isPending}
            serverError={serverError}
            onCancel={close}
            onSubmit={(input) => {
              setServerError(null);
              update.mutate(
                { scheduleId: schedule.scheduleId, input },
                {
                  onSuccess: () => {
                    notifySuccess(t('schedules.edit.success'));
                    close();
                  },
                  onError: (error) => {
                    setServerError(
                      failureMessage(t, (key) => i18n.exists(key), error, 'schedules.errors.update'),
                    );
                  },
                },
              );
            }}
          />
        </Stack>
      )}
    </Modal>
  );
}

/**
 * The schedules table (spec §2 Schedule; the dashboard's Employee Schedule tab): employee, assigned
 * date and time, shift, status and comments, on a stretch of days (from today, eight weeks, unless
 * another is chosen). An admin sees everyone's and can edit or delete each; an employee sees their own.
 */
export function SchedulesTable() {
  const locale = useLanguage();
  const timeZone = useBusinessTimeZone();
  const [range, setRange] = useState<DayRange | null>(null);
  return (
    <Stack gap="md">
      <ListRangeInput
        kind="fromToday"
        value={range}
        onChange={setRange}
        timeZone={timeZone.data}
        locale={locale}
      />
      <SchedulesList range={range} />
    </Stack>
  );
}

/** The shifts of a stretch of days (null: from today, eight weeks), with their states. */
function SchedulesList({ range }: { range: DayRange | null }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const { hasAny } = useSession();
  const isAdmin = hasAny('admin');
  const schedules = useSchedules(range);
  const timeZone = useBusinessTimeZone();
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState<Schedule | null>(null);
  const isNarrow = useMediaQuery(NARROW_SCREEN_QUERY, false, { getInitialValueInEffect: false });

  if (schedules.isPending || timeZone.isPending) return <LoadingSkeleton />;
  if (schedules.isError || timeZone.isError) {
    return (
      <EmployeeLoadError
        error={schedules.error ?? timeZone.error}
        title={t('schedules.errors.loadTitle')}
        message={t('schedules.errors.load')}
        onRetry={() => {
          void schedules.refetch();
          void timeZone.refetch();
        }}
      />
    );
  }
  if (schedules.data.length === 0) return <EmptyState>{t('schedules.empty')}</EmptyState>;

  const zone = timeZone.data;
  const describe = (schedule: Schedule) => ({
    name: employeeName(schedule),
    date: formatDay(toZonedDayAndTime(schedule.assignedDate, zone).day, locale),
    shift: t(`availabilities.shift.${schedule.shift}`),
  });

  const confirmDelete = (schedule: Schedule) => {
    modals.openConfirmModal({
      title: t('schedules.delete.title'),
      children: <Text size="sm">{t('schedules.delete.text', describe(schedule))}</Text>,
      labels: { confirm: t('schedules.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        remove.mutate(schedule.scheduleId, {
          onSuccess: () => {
            notifySuccess(t('schedules.delete.success'));
          },
          onError: (error) => {
            notifyFailure(
              t('notifications.errorTitle'),
              failureMessage(t, (key) => i18n.exists(key), error, 'schedules.errors.delete'),
            );
          },
        });
      },
    });
  };

  const actions = (schedule: Schedule) => {
    const labels = describe(schedule);
    return (
      <Group gap="xs" wrap="nowrap">
        <EditRowButton
          label={t('schedules.edit.label', labels)}
          onClick={() => {
            setEditing(schedule);
          }}
        >
          {t('schedules.edit.button')}
        </EditRowButton>
        <DeleteRowButton
          label={t('schedules.delete.label', labels)}
          loading={remove.isPending && remove.variables === schedule.scheduleId}
          onClick={() => {
            confirmDelete(schedule);
          }}
        >
          {t('schedules.delete.button')}
        </DeleteRowButton>
      </Group>
    );
  };

  const when = (schedule: Schedule, style: 'short' | 'long') => (
    <time dateTime={schedule.assignedDate}>
      {formatDay(toZonedDayAndTime(schedule.assignedDate, zone).day, locale, style)},{' '}
      {formatBusinessTime(schedule.assignedDate, zone, locale)}
    </time>
  );

  const comments = (schedule: Schedule) =>
    schedule.comments ?? (
      <Text span c="dimmed" size="sm">
        {t('schedules.notApplicable')}
      </Text>
    );

  const list = isNarrow ? (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('schedules.caption', { timeZone: zone })}
      </Text>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {schedules.data.map((schedule) => {
          const headingId = `schedule-${schedule.scheduleId}`;
          return (
            <li key={schedule.scheduleId}>
              <Paper component="article" withBorder radius="md" p="md" aria-labelledby={headingId}>
                <Stack gap={8}>
                  <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                    <Title order={3} size="h5" id={headingId}>
                      {when(schedule, 'long')}
                    </Title>
                    <ScheduleStatusBadge status={schedule.status} />
                  </Group>
                  <Stack component="dl" gap={4} m={0}>
                    <Detail term={t('schedules.columns.employee')}>{employeeName(schedule)}</Detail>
                    <Detail term={t('schedules.columns.shift')}>
                      <ShiftLabel shift={schedule.shift} />
                    </Detail>
                    <Detail term={t('schedules.columns.comments')}>{comments(schedule)}</Detail>
                  </Stack>
                  {isAdmin && actions(schedule)}
                </Stack>
              </Paper>
            </li>
          );
        })}
      </Stack>
    </Stack>
  ) : (
    <Table.ScrollContainer minWidth={isAdmin ? 860 : 700}>
      <Table verticalSpacing="sm" striped highlightOnHover>
        <Table.Caption>{t('schedules.caption', { timeZone: zone })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('schedules.columns.employee')}</Table.Th>
            <Table.Th scope="col">{t('schedules.columns.date')}</Table.Th>
            <Table.Th scope="col">{t('schedules.columns.shift')}</Table.Th>
            <Table.Th scope="col">{t('schedules.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('schedules.columns.comments')}</Table.Th>
            {isAdmin && <Table.Th scope="col">{t('schedules.columns.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedules.data.map((schedule) => (
            <Table.Tr key={schedule.scheduleId}>
              <Table.Td>{employeeName(schedule)}</Table.Td>
              <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {when(schedule, 'short')}
              </Table.Th>
              <Table.Td>
                <ShiftLabel shift={schedule.shift} />
              </Table.Td>
              <Table.Td>
                <ScheduleStatusBadge status={schedule.status} />
              </Table.Td>
              <Table.Td maw={260} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {comments(schedule)}
              </Table.Td>
              {isAdmin && <Table.Td>{actions(schedule)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  return (
    <>
      {list}
      {isAdmin && (
        <EditScheduleModal
          schedule={editing}
          timeZone={zone}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
