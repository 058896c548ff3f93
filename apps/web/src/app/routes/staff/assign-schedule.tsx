import { Button, Container, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate, useParams } from 'react-router';

import { BlockSkeleton } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { adminTabHref } from '@/lib/admin-tabs';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { useAvailability } from '@/features/availabilities/api/get-availability';
import { fullName } from '@/features/availabilities/components/availabilities-table';
import { EmployeeLoadError } from '@/components/staff/availability-list-states';
import { formatDay } from '@/lib/format-day';
import { failureMessage } from '@/lib/staff/failure-message';
import { useCreateSchedule } from '@/features/schedules/api/create-schedule';
import { ScheduleForm } from '@/features/schedules/components/schedule-form';
import { readAssignScheduleState, toAssignFormValues } from '@/features/schedules/schedule-form';
import { useSession } from '@/lib/auth/session';
import { i18n, useLanguage } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';
import { notifySuccess } from '@/components/ui/notify';

/** True when this app has a page to go back to (react-router numbers its history entries). */
function hasPreviousPage(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

/**
 * Spec §2 /assign-schedule/{availabilityId}: the Assign Schedule modal over the page. It loads the
 * availability by id, so it works after a reload or from a link; the navigation state the spec names
 * (employeeId, availabilityId, availableDate, shift) is read when present, never needed. Close and
 * Cancel go back one page (to the dashboard's availabilities tab, or my availabilities, when there is
 * none). On success: the dashboard's Employee Availabilities tab for an admin (spec), the employee
 * schedule for an employee, who cannot open the dashboard.
 */
export function AssignScheduleRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('assignSchedule');
  const navigate = useNavigate();
  const location = useLocation();
  const locale = useLanguage();
  const { availabilityId = '' } = useParams();
  const { hasAny } = useSession();
  const isAdmin = hasAny('admin');
  const availability = useAvailability(availabilityId);
  const timeZone = useBusinessTimeZone();
  const create = useCreateSchedule();
  const [serverError, setServerError] = useState<string | null>(null);
  const [state] = useState(() => readAssignScheduleState(location.state, availabilityId));

  const fallbackHref = isAdmin ? adminTabHref('availabilities') : paths.myAvailabilities.getHref();
  const goBack = () => {
    if (hasPreviousPage()) void navigate(-1);
    else void navigate(fallbackHref, { replace: true });
  };

  let summary: string | null = null;
  let content;
  if (availability.isError || timeZone.isError) {
    content = (
      <EmployeeLoadError
        error={availability.error}
        message={t('availabilities.errors.loadOne')}
        explain={['FORBIDDEN', 'NOT_FOUND']}
        action={
          <Button variant="default" size="xs" onClick={goBack}>
            {t('schedules.assign.back')}
          </Button>
        }
      />
    );
  } else if (availability.isPending || timeZone.isPending) {
    content = <BlockSkeleton height={380} />;
  } else {
    const current = availability.data;
    summary = t('schedules.assign.for', {
      name: fullName(current),
      date: formatDay(current.day, locale),
      shift: t(`availabilities.shift.${current.shift}`),
    });
    content = (
      <ScheduleForm
        key={current.availabilityId}
        initialValues={toAssignFormValues(current, state, timeZone.data)}
        canChooseStatus={isAdmin}
        timeZone={timeZone.data}
        submitLabel={t('schedules.assign.submit')}
        isSubmitting={create.isPending}
        serverError={serverError}
        onCancel={goBack}
        onSubmit={(input) => {
          setServerError(null);
          create.mutate(
            { ...input, employeeId: current.employeeId, availabilityId: current.availabilityId },
            {
              onSuccess: () => {
                notifySuccess(t('schedules.assign.success'));
                void navigate(isAdmin ? adminTabHref('availabilities') : paths.employeeSchedule.getHref(), {
                  replace: true,
                });
              },
              onError: (error) => {
                setServerError(
                  failureMessage(t, (key) => i18n.exists(key), error, 'schedules.errors.assign'),
                );
              },
            },
          );
        }}
      />
    );
  }

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        {summary && <Text c="dimmed">{summary}</Text>}
      </Stack>
      <Modal
        opened
        onClose={goBack}
        title={t('schedules.assign.title')}
        closeButtonProps={{ 'aria-label': t('schedules.assign.close') }}
        size="lg"
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
      >
        <Stack gap="md">
          {summary && <Text size="sm">{summary}</Text>}
          {content}
        </Stack>
      </Modal>
    </Container>
  );
}
