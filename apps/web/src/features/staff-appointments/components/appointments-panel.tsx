import type { AppointmentsFilter } from '@eclat/shared';
import { useState } from 'react';

import { AppointmentsTable } from './appointments-table';

/** The admin dashboard's Appointments tab: the appointments table, admin actions included. */
export function AppointmentsPanel() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<AppointmentsFilter>({});
  return (
    <AppointmentsTable
      page={page}
      onPageChange={setPage}
      canManage
      filter={filter}
      onFilterChange={(next) => {
        setFilter(next);
        setPage(1);
      }}
    />
  );
}
