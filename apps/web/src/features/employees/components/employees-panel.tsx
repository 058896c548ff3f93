import { EmployeesTable } from './employees-table';

/** The admin dashboard's Employees tab: the employees table; its forms come back to this tab. */
export function EmployeesPanel() {
  return <EmployeesTable origin="dashboard" />;
}
