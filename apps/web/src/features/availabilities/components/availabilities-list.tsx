import type { Availability } from '@eclat/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';

import { EmptyState, LoadingSkeleton } from '@/components/ui/query-states';

import { AvailabilitiesTable } from './availabilities-table';
import { EmployeeLoadError } from '@/components/staff/availability-list-states';
import { useConfirmDeleteAvailability } from './use-confirm-delete-availability';

type AvailabilitiesListProps = {
  availabilities: UseQueryResult<Availability[]>;
  /** `mine`: the employee's own, with Edit, deleted through their own route; `any`: an admin's. */
  scope: 'mine' | 'any';
  caption: string;
  empty: string;
};

/** A list of availabilities with its loading, error and empty states, Assign Schedule and Delete. */
export function AvailabilitiesList({ availabilities, scope, caption, empty }: AvailabilitiesListProps) {
  const { t } = useTranslation();
  const { confirmDelete, deletingId } = useConfirmDeleteAvailability(scope);

  if (availabilities.isPending) return <LoadingSkeleton />;
  if (availabilities.isError) {
    return (
      <EmployeeLoadError
        error={availabilities.error}
        title={t('availabilities.errors.loadTitle')}
        message={t('availabilities.errors.load')}
        onRetry={() => void availabilities.refetch()}
      />
    );
  }
  if (availabilities.data.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <AvailabilitiesTable
      availabilities={availabilities.data}
      caption={caption}
      canEdit={scope === 'mine'}
      onDelete={confirmDelete}
      deletingId={deletingId}
    />
  );
}
