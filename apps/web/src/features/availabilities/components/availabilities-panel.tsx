import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useAvailabilities } from '../api/get-availabilities';
import { AvailabilitiesTable } from './availabilities-table';
import { ListLoadError, TableSkeleton } from './availability-list-states';
import { useConfirmDeleteAvailability } from './use-confirm-delete-availability';

/**
 * The admin dashboard's Employee Availabilities tab: everyone's availabilities, each with Assign
 * Schedule (the modal of spec §2) and Delete.
 */
export function AvailabilitiesPanel() {
  const { t } = useTranslation();
  const availabilities = useAvailabilities();
  const { confirmDelete, deletingId } = useConfirmDeleteAvailability('any');

  if (availabilities.isPending) return <TableSkeleton />;
  if (availabilities.isError) {
    return (
      <ListLoadError
        error={availabilities.error}
        title={t('availabilities.errors.loadTitle')}
        message={t('availabilities.errors.load')}
        onRetry={() => void availabilities.refetch()}
      />
    );
  }
  if (availabilities.data.length === 0) {
    return (
      <Text role="status" c="dimmed" ta="center" py="xl">
        {t('availabilities.panel.empty')}
      </Text>
    );
  }
  return (
    <AvailabilitiesTable
      availabilities={availabilities.data}
      caption={t('availabilities.panel.caption')}
      canEdit={false}
      onDelete={confirmDelete}
      deletingId={deletingId}
    />
  );
}
