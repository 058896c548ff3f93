import type { Availability } from '@eclat/shared';
import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from '@/lib/i18n';

import { i18n, getActiveLanguage } from '@/lib/i18n';

import { useDeleteAvailability } from '../api/delete-availability';
import { failureMessage } from '../failure-message';
import { formatDay } from '../day';
import { notifyFailure, notifySuccess } from '@/components/ui/notify';
import { fullName } from './availabilities-table';

/**
 * Delete with a confirmation first (spec §5): `mine` through the employee's own route, `any` through
 * the admin's. Returns what opens the confirmation and the id being deleted.
 */
export function useConfirmDeleteAvailability(scope: 'mine' | 'any') {
  const { t } = useTranslation();
  const remove = useDeleteAvailability();

  const confirmDelete = (availability: Availability) => {
    const name = fullName(availability);
    const date = formatDay(availability.day, getActiveLanguage());
    const shift = t(`availabilities.shift.${availability.shift}`);
    modals.openConfirmModal({
      title: t('availabilities.delete.title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('availabilities.delete.text', { name, date, shift })}</Text>
          <Text size="sm" c="dimmed">
            {t('availabilities.delete.keptSchedules')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('availabilities.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        remove.mutate(
          { availabilityId: availability.availabilityId, scope },
          {
            onSuccess: () => {
              notifySuccess(t('availabilities.delete.success'));
            },
            onError: (error) => {
              notifyFailure(
                t('notifications.errorTitle'),
                failureMessage(t, (key) => i18n.exists(key), error, 'availabilities.errors.delete'),
              );
            },
          },
        );
      },
    });
  };

  const deletingId = remove.isPending ? remove.variables.availabilityId : null;
  return { confirmDelete, deletingId };
}
