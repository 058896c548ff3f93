import { useState } from 'react';

import { AppointmentsTable } from './appointments-table';

/** The admin dashboard's Appointments tab: the appointments table, admin actions included. */
export function AppointmentsPanel() {
  const [page, setPage] = useState(1);
  return <AppointmentsTable page={page} onPageChange={setPage} canManage />;
}
