import type { Employee } from '@eclat/shared';
import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { toErrorCode } from '@/lib/api-client';

import { useDeleteEmployee } from '../api/delete-employee';
import { useEmployees } from '../api/get-employees';
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
    const name = fullName(employee);
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': t('common.dismiss') },
      title: t('employees.delete.title'),
      children: <Text size="sm">{t('employees.delete.text', { name })}</Text>,
      labels: { confirm: t('employees.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        remove.mutate(employee.employeeId, {
          onSuccess: () => {
            notifications.show({
              closeButtonProps: { 'aria-label': t('common.dismiss') },
              color: 'teal',
              message: t('employees.delete.success'),
            });
          },
          onError: (error) => {
            notifications.show({
              closeButtonProps: { 'aria-label': t('common.dismiss') },
              color: 'red',
              title: t('employees.delete.error'),
              message: t(`errors.${toErrorCode(error)}`),
            });
          },
        });
      },
    });
  };

  let body;
  if (employees.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={40} radius="sm" />
        ))}
      </Stack>
    );
  } else if (employees.isError) {
    const code = toErrorCode(employees.error);
    body = (
      <Alert color="red" title={t('employees.list.loadErrorTitle')} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {code === 'UNAUTHENTICATED'
              ? t('employees.errors.notAuthenticated')
              : t('employees.list.loadError')}
          </Text>
          <Button variant="default" size="xs" onClick={() => void employees.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (employees.data.length === 0) {
    body = (
      <Text role="status" c="dimmed" ta="center" py="xl">
        {t('employees.list.empty')}
      </Text>
    );
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
                      <Group gap="xs" wrap="nowrap">
                        <Anchor
                          component={Link}
                          to={paths.editEmployee.getHref(employee.employeeId)}
                          state={linkState}
                          size="sm"
                          aria-label={t('employees.list.editLabel', { name })}
                        >
                          <Group gap={4} wrap="nowrap">
                            <IconEdit size={16} aria-hidden="true" />
                            {t('employees.list.edit')}
                          </Group>
                        </Anchor>
                        <Button
                          size="xs"
                          // Red text on a plain button: 5.5:1 (WCAG AA), hovered or not; light red fills fall below it.
                          variant="default"
                          c="red.9"
                          leftSection={<IconTrash size={14} aria-hidden="true" />}
                          aria-label={t('employees.list.deleteLabel', { name })}
                          loading={remove.isPending && remove.variables === employee.employeeId}
                          onClick={() => {
                            confirmDelete(employee);
                          }}
                        >
                          {t('employees.list.delete')}
                        </Button>
                      </Group>
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
      <Group justify="flex-end">
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
