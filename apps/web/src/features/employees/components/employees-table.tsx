import type { Employee } from '@eclat/shared';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { EmptyState, LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { confirmDanger } from '@/components/ui/confirm-danger';
import { CsvDownloadButton } from '@/components/ui/csv-download-button';
import { notifyFailure, notifySuccess } from '@/components/ui/notify';
import { RecordRowActions } from '@/components/ui/row-actions';
import { paths } from '@/config/paths';
import { toErrorCode } from '@/lib/api-client';

import { useDeleteEmployee } from '../api/delete-employee';
import { useEmployees } from '@/lib/api/get-employees';
import { toEmployeesNavigationState, type EmployeesOrigin } from '../employees-origin';

function fullName(employee: Employee): string {
  return `${employee.firstName} ${employee.lastName}`;
}

/**
 * The employees table (spec §2), shared by the /employees page and the dashboard's Employees tab:
 * name, email, phone, role, active; Add Employee; Edit and Delete (after a confirmation) per row.
 * `origin` is where the Add and Edit forms come back to.
 */
export function EmployeesTable({ origin }: { origin: EmployeesOrigin }) {
  const { t } = useTranslation();
  const employees = useEmployees();
  const remove = useDeleteEmployee();
  const linkState = toEmployeesNavigationState(origin);
  const captionId = useId();

  const confirmDelete = (employee: Employee) => {
    confirmDanger(t, {
      title: t('employees.delete.title'),
      text: t('employees.delete.text', { name: fullName(employee) }),
      confirm: t('employees.delete.confirm'),
      onConfirm: () => {
        remove.mutate(employee.employeeId, {
          onSuccess: () => {
            notifySuccess(t('employees.delete.success'));
          },
          onError: (error) => {
            notifyFailure(t('employees.delete.error'), t(`errors.${toErrorCode(error)}`));
          },
        });
      },
    });
  };

  let body;
  if (employees.isPending) {
    body = <LoadingSkeleton />;
  } else if (employees.isError) {
    const code = toErrorCode(employees.error);
    body = (
      <LoadErrorAlert
        title={t('employees.list.loadErrorTitle')}
        message={
          code === 'UNAUTHENTICATED' ? t('employees.errors.notAuthenticated') : t('employees.list.loadError')
        }
        onRetry={() => void employees.refetch()}
      />
    );
  } else if (employees.data.length === 0) {
    body = <EmptyState>{t('employees.list.empty')}</EmptyState>;
  } else {
    body = (
      <Stack gap="xs">
        {/* Above the scrolling table, so it stays readable on a phone; it also names the table. */}
        <Text id={captionId} size="sm" c="dimmed">
          {t('employees.list.caption')}
        </Text>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" striped highlightOnHover aria-labelledby={captionId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('employees.list.columns.name')}</Table.Th>
                <Table.Th scope="col">{t('employees.list.columns.email')}</Table.Th>
                <Table.Th scope="col">{t('employees.list.columns.phone')}</Table.Th>
                <Table.Th scope="col">{t('employees.list.columns.role')}</Table.Th>
                <Table.Th scope="col">{t('employees.list.columns.status')}</Table.Th>
                <Table.Th scope="col">{t('employees.list.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {employees.data.map((employee) => {
                const name = fullName(employee);
                return (
                  <Table.Tr key={employee.employeeId}>
                    <Table.Th scope="row" fw={600} miw={140}>
                      {name}
                    </Table.Th>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{employee.email}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{employee.phoneNumber}</Table.Td>
                    <Table.Td>{employee.role}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Badge
                        variant={employee.isActive ? 'filled' : 'default'}
                        style={{ minWidth: 'max-content' }}
                      >
                        {t(employee.isActive ? 'employees.list.active' : 'employees.list.inactive')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <RecordRowActions
                        editHref={paths.editEmployee.getHref(employee.employeeId)}
                        editState={linkState}
                        labels={{
                          edit: t('employees.list.edit'),
                          editAccessible: t('employees.list.editLabel', { name }),
                          delete: t('employees.list.delete'),
                          deleteAccessible: t('employees.list.deleteLabel', { name }),
                        }}
                        isDeleting={remove.isPending && remove.variables === employee.employeeId}
                        onDelete={() => {
                          confirmDelete(employee);
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="sm">
        <CsvDownloadButton kind="employees" />
        <Button
          component={Link}
          to={paths.addEmployee.getHref()}
          state={linkState}
          leftSection={<IconPlus size={18} aria-hidden="true" />}
        >
          {t('employees.list.add')}
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
