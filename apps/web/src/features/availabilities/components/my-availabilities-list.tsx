import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useMyAvailabilities } from '../api/get-my-availabilities';
import { AvailabilitiesTable } from './availabilities-table';
import { ListLoadError, TableSkeleton } from './availability-list-states';
import { useConfirmDeleteAvailability } from './use-confirm-delete-availability';

/** The signed-in employee's availabilities with Edit, Assign Schedule and Delete (spec §2). */
export function MyAvailabilitiesList() {
  const { t } = useTranslation();
  const availabilities = useMyAvailabilities();
  const { confirmDelete, deletingId } = useConfirmDeleteAvailability('mine');

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
        {t('availabilities.mine.empty')}
      </Text>
    );
  }
  return (
    <AvailabilitiesTable
      availabilities={availabilities.data}
      caption={t('availabilities.mine.caption')}
      canEdit
      onDelete={confirmDelete}
      deletingId={deletingId}
    />
  );
}
