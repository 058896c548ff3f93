import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { PHONE_EXAMPLE } from '@/features/customers/profile-form';
import { useCreateEmployee } from '@/features/employees/api/create-employee';
import { EmployeeForm } from '@/features/employees/components/employee-form';
import { EmployeeFormPage } from '@/features/employees/components/employee-form-page';
import {
  EMPTY_EMPLOYEE_FORM,
  toEmployeeServerErrors,
  toSaveFailureReason,
} from '@/features/employees/employee-form';
import { readEmployeesOrigin, toEmployeesOriginHref } from '@/features/employees/employees-origin';
import { usePageMeta } from '@/lib/use-page-meta';

/** Spec §2 Add Employee: on success, back to the page that opened the form. */
export function AddEmployeeRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('addEmployee');
  const navigate = useNavigate();
  const backTo = toEmployeesOriginHref(readEmployeesOrigin(useLocation().state));
  const create = useCreateEmployee();

  return (
    <EmployeeFormPage title={title} intro={t('employees.form.addIntro')}>
      <EmployeeForm
        initialValues={EMPTY_EMPLOYEE_FORM}
        submitLabel={t('employees.form.create')}
        isSubmitting={create.isPending}
        serverErrors={create.error ? toEmployeeServerErrors(create.error) : undefined}
        onCancel={() => void navigate(backTo)}
        onSubmit={(input) => {
          create.mutate(input, {
            onSuccess: () => {
              notifications.show({
                closeButtonProps: { 'aria-label': t('common.dismiss') },
                color: 'teal',
                message: t('employees.form.created'),
              });
              void navigate(backTo);
            },
            onError: (error) => {
              notifications.show({
                closeButtonProps: { 'aria-label': t('common.dismiss') },
                color: 'red',
                title: t('employees.form.createFailed'),
                message: t(toSaveFailureReason(error), { phone: PHONE_EXAMPLE }),
              });
            },
          });
        }}
      />
    </EmployeeFormPage>
  );
}
