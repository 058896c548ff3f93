import { employeeIdParamsSchema } from '@eclat/shared';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';

import { PHONE_EXAMPLE } from '@/features/customers/profile-form';
import { useEmployee } from '@/features/employees/api/get-employee';
import { useUpdateEmployee } from '@/features/employees/api/update-employee';
import { EmployeeForm } from '@/features/employees/components/employee-form';
import { EmployeeFormPage } from '@/features/employees/components/employee-form-page';
import {
  toEmployeeFormValues,
  toEmployeeServerErrors,
  toSaveFailureReason,
} from '@/features/employees/employee-form';
import { readEmployeesOrigin, toEmployeesOriginHref } from '@/features/employees/employees-origin';
import { isApiError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';

/**
 * Spec §2 Edit Employee: loads the record by id (loading state; an unknown id says so, with a way
 * back), then the form; on success, back to the page that opened it.
 */
export function EditEmployeeRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('editEmployee');
  const navigate = useNavigate();
  const backTo = toEmployeesOriginHref(readEmployeesOrigin(useLocation().state));
  const employeeId = useParams().employeeId ?? '';
  const isWellFormed = employeeIdParamsSchema.safeParse({ employeeId }).success;
  const employee = useEmployee(employeeId, { enabled: isWellFormed });
  const update = useUpdateEmployee();

  const backButton = (
    <Button component={Link} to={backTo} variant="default" size="xs">
      {t('employees.form.backToList')}
    </Button>
  );

  let body;
  if (!isWellFormed || (isApiError(employee.error) && employee.error.status === 404)) {
    body = (
      <Alert color="red" role="alert" title={t('employees.form.notFoundTitle')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('employees.form.notFound')}</Text>
          {backButton}
        </Stack>
      </Alert>
    );
  } else if (employee.isPending) {
    body = (
      <Center py="xl" role="status" aria-live="polite">
        <Stack align="center" gap="sm">
          <Loader aria-hidden="true" />
          <Text>{t('employees.form.loading')}</Text>
        </Stack>
      </Center>
    );
  } else if (employee.isError) {
    body = (
      <Alert color="red" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('employees.form.fetchFailed')}</Text>
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => void employee.refetch()}>
              {t('common.retry')}
            </Button>
            {backButton}
          </Group>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <EmployeeForm
        // A fresh form for another employee; a background refetch never overwrites what is being typed.
        key={employee.data.employeeId}
        initialValues={toEmployeeFormValues(employee.data)}
        submitLabel={t('employees.form.save')}
        isSubmitting={update.isPending}
        serverErrors={update.error ? toEmployeeServerErrors(update.error) : undefined}
        onCancel={() => void navigate(backTo)}
        onSubmit={(input) => {
          update.mutate(
            { employeeId, input },
            {
              onSuccess: () => {
                notifications.show({
                  closeButtonProps: { 'aria-label': t('common.dismiss') },
                  color: 'teal',
                  message: t('employees.form.updated'),
                });
                void navigate(backTo);
              },
              onError: (error) => {
                notifications.show({
                  closeButtonProps: { 'aria-label': t('common.dismiss') },
                  color: 'red',
                  title: t('employees.form.updateFailed'),
                  message: t(toSaveFailureReason(error), { phone: PHONE_EXAMPLE }),
                });
              },
            },
          );
        }}
      />
    );
  }

  return (
    <EmployeeFormPage title={title} intro={t('employees.form.editIntro')}>
      {body}
    </EmployeeFormPage>
  );
}
