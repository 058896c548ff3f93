import type { EmployeeInput } from '@eclat/shared';
import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

import { FormActions } from '@/components/forms/form-actions';
import { validatePersonForm } from '@/components/forms/person-form';
import { PersonFields } from '@/components/forms/person-fields';
import { useCheckedForm, type CheckedFormProps } from '@/components/forms/use-checked-form';

import { EMPLOYEE_FORM_RULES, type EmployeeFormField, type EmployeeFormValues } from '../employee-form';

function validateEmployeeForm(values: EmployeeFormValues) {
  return validatePersonForm(EMPLOYEE_FORM_RULES, values);
}

/**
 * First name, last name, email, phone number, role and active (spec §2, §5). The rules are checked
 * before sending; a field's server error shows until that field is changed.
 */
export function EmployeeForm({
  submitLabel,
  isSubmitting,
  onCancel,
  ...formProps
}: CheckedFormProps<EmployeeFormValues, EmployeeFormField, EmployeeInput>) {
  const { t } = useTranslation();
  const { formRef, values, setValues, message, change, submit } = useCheckedForm({
    ...formProps,
    validate: validateEmployeeForm,
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <PersonFields
          labels={{
            firstName: t('employees.form.firstName'),
            lastName: t('employees.form.lastName'),
            email: t('employees.form.email'),
            emailHint: t('employees.form.emailHint'),
            phoneNumber: t('employees.form.phoneNumber'),
            phoneHint: t('employees.form.phoneHint'),
          }}
          values={values}
          message={message}
          onChange={change}
        />
        <TextInput
          label={t('employees.form.role')}
          description={t('employees.form.roleHint')}
          required
          autoComplete="off"
          maxLength={60}
          value={values.role}
          error={message('role')}
          onChange={(event) => {
            change('role', event.currentTarget.value);
          }}
        />
        <Checkbox
          label={t('employees.form.isActive')}
          description={t('employees.form.isActiveHint')}
          checked={values.isActive}
          onChange={(event) => {
            const { checked } = event.currentTarget;
            setValues((current) => ({ ...current, isActive: checked }));
          }}
        />
        <FormActions submitLabel={submitLabel} isSubmitting={isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
