import { employeeIdParamsSchema } from '@eclat/shared';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate, useParams } from 'react-router';

import { PHONE_EXAMPLE, toPersonServerErrors, toSaveFailureReason } from '@/components/forms/person-form';
import { FormPage } from '@/components/ui/form-page';
import { RecordLoader } from '@/components/ui/record-loader';
import { notifyFailure, notifySuccess } from '@/components/ui/notify';
import { useEmployee } from '@/features/employees/api/get-employee';
import { useUpdateEmployee } from '@/features/employees/api/update-employee';
import { EmployeeForm } from '@/features/employees/components/employee-form';
import { EMPLOYEE_FORM_RULES, toEmployeeFormValues } from '@/features/employees/employee-form';
import { readEmployeesOrigin, toEmployeesOriginHref } from '@/features/employees/employees-origin';
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

  return (
    <FormPage title={title} intro={t('employees.form.editIntro')}>
      <RecordLoader
        query={employee}
        isIdValid={isWellFormed}
        backTo={backTo}
        labels={{
          loading: t('employees.form.loading'),
          notFoundTitle: t('employees.form.notFoundTitle'),
          notFound: t('employees.form.notFound'),
          fetchFailed: t('employees.form.fetchFailed'),
          back: t('employees.form.backToList'),
        }}
      >
        {(record) => (
          <EmployeeForm
            // A fresh form for another employee; a background refetch never overwrites what is being typed.
            key={record.employeeId}
            initialValues={toEmployeeFormValues(record)}
            submitLabel={t('employees.form.save')}
            isSubmitting={update.isPending}
            serverErrors={update.error ? toPersonServerErrors(EMPLOYEE_FORM_RULES, update.error) : undefined}
            onCancel={() => void navigate(backTo)}
            onSubmit={(input) => {
              update.mutate(
                { employeeId, input },
                {
                  onSuccess: () => {
                    notifySuccess(t('employees.form.updated'));
                    void navigate(backTo);
                  },
                  onError: (error) => {
                    notifyFailure(
                      t('employees.form.updateFailed'),
                      t(toSaveFailureReason(EMPLOYEE_FORM_RULES, error), { phone: PHONE_EXAMPLE }),
                    );
                  },
                },
              );
            }}
          />
        )}
      </RecordLoader>
    </FormPage>
  );
}
