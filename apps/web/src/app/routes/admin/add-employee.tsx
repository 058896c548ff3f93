import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate } from 'react-router';

import { PHONE_EXAMPLE, toPersonServerErrors, toSaveFailureReason } from '@/components/forms/person-form';
import { FormPage } from '@/components/ui/form-page';
import { notifyFailure, notifySuccess } from '@/components/ui/notify';
import { useCreateEmployee } from '@/features/employees/api/create-employee';
import { EmployeeForm } from '@/features/employees/components/employee-form';
import { EMPLOYEE_FORM_RULES, EMPTY_EMPLOYEE_FORM } from '@/features/employees/employee-form';
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
    <FormPage title={title} intro={t('employees.form.addIntro')}>
      <EmployeeForm
        initialValues={EMPTY_EMPLOYEE_FORM}
        submitLabel={t('employees.form.create')}
        isSubmitting={create.isPending}
        serverErrors={create.error ? toPersonServerErrors(EMPLOYEE_FORM_RULES, create.error) : undefined}
        onCancel={() => void navigate(backTo)}
        onSubmit={(input) => {
          create.mutate(input, {
            onSuccess: () => {
              notifySuccess(t('employees.form.created'));
              void navigate(backTo);
            },
            onError: (error) => {
              notifyFailure(
                t('employees.form.createFailed'),
                t(toSaveFailureReason(EMPLOYEE_FORM_RULES, error), { phone: PHONE_EXAMPLE }),
              );
            },
          });
        }}
      />
    </FormPage>
  );
}
