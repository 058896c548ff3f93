import type { Availability, Job } from '@eclat/shared';
import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { fetchBusinessTimeZone } from '@/lib/business-time-zone';
import { isApiError } from '@/lib/api-client';
import { i18n, getActiveLanguage } from '@/lib/i18n';

import { useDeleteAvailability } from '../api/delete-availability';
import { availabilityJobsQueryOptions } from '../api/get-availability-jobs';
import { failureMessage } from '@/lib/staff/failure-message';
import { formatDay } from '@/lib/format-day';
import { notifyFailure, notifySuccess } from '@/components/ui/notify';
import { fullName } from './availabilities-table';
import { AvailabilityJobsList } from './availability-jobs-list';

import classes from './use-confirm-delete-availability.module.css';

/**
 * Delete with a confirmation first (spec §5): `mine` through the employee's own route, `any` through
 * the admin's. The visits only this availability covers are asked for first: when there are some,
 * the confirmation lists them (when, customer, address) and deleting leaves them unassigned for the
 * admin to re-plan; a visit booked meanwhile (409 AVAILABILITY_HAS_JOBS) brings that list up too.
 * Returns what opens the confirmation and the id being checked or deleted.
 */
export function useConfirmDeleteAvailability(scope: 'mine' | 'any') {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useDeleteAvailability();
  const [checkingId, setCheckingId] = useState<string | null>(null);

  const describe = (availability: Availability) => ({
    name: fullName(availability),
    date: formatDay(availability.day, getActiveLanguage()),
    shift: t(`availabilities.shift.${availability.shift}`),
  });

  const deleteNow = (availability: Availability, unassignJobs: boolean) => {
    remove.mutate(
      { availabilityId: availability.availabilityId, scope, unassignJobs },
      {
        onSuccess: () => {
          notifySuccess(t('availabilities.delete.success'));
        },
        onError: (error) => {
          if (!unassignJobs && isApiError(error) && error.code === 'AVAILABILITY_HAS_JOBS') {
            // A visit was booked in it since the confirmation opened: show which, and ask again.
            void checkThenConfirm(availability);
            return;
          }
          notifyFailure(
            t('notifications.errorTitle'),
            failureMessage(t, (key) => i18n.exists(key), error, 'availabilities.errors.delete'),
          );
        },
      },
    );
  };

  const confirmPlain = (availability: Availability) => {
    modals.openConfirmModal({
      title: t('availabilities.delete.title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('availabilities.delete.text', describe(availability))}</Text>
          <Text size="sm" c="dimmed">
            {t('availabilities.delete.keptSchedules')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('availabilities.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        deleteNow(availability, false);
      },
    });
  };

  const confirmWithJobs = (availability: Availability, jobs: readonly Job[], timeZone: string) => {
    modals.openConfirmModal({
      title: t('availabilities.delete.jobsTitle'),
      size: 'lg',
      children: (
        <Stack gap="sm">
          <Text size="sm">{t('availabilities.delete.jobsText', describe(availability))}</Text>
          <AvailabilityJobsList
            jobs={jobs}
            timeZone={timeZone}
            locale={getActiveLanguage()}
            label={t('availabilities.delete.jobsLabel')}
          />
          <Text size="sm" c="dimmed">
            {t(
              scope === 'mine' ? 'availabilities.delete.jobsAfterMine' : 'availabilities.delete.jobsAfterAny',
            )}
          </Text>
        </Stack>
      ),
      labels: {
        confirm: t(
          scope === 'mine' ? 'availabilities.delete.jobsConfirmMine' : 'availabilities.delete.jobsConfirmAny',
        ),
        cancel: t('common.cancel'),
      },
      confirmProps: {
        color: 'red',
        classNames: { root: classes.wrappingButton, label: classes.wrappingLabel },
      },
      onConfirm: () => {
        deleteNow(availability, true);
      },
    });
  };

  async function checkThenConfirm(availability: Availability) {
    setCheckingId(availability.availabilityId);
    try {
      const [jobs, timeZone] = await Promise.all([
        queryClient.query(availabilityJobsQueryOptions(availability.availabilityId)),
        fetchBusinessTimeZone(queryClient),
      ]);
      if (jobs.length > 0) confirmWithJobs(availability, jobs, timeZone);
      else confirmPlain(availability);
    } catch {
      // The list could not be read: the plain confirmation, and the server still refuses a delete
      // that would drop visits (409), which brings the list up then.
      confirmPlain(availability);
    } finally {
      setCheckingId(null);
    }
  }

  const confirmDelete = (availability: Availability) => {
    void checkThenConfirm(availability);
  };

  const deletingId = remove.isPending ? remove.variables.availabilityId : checkingId;
  return { confirmDelete, deletingId };
}
