import { TEXT_LIMITS, type AdminCustomerInput } from '@eclat/shared';
import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

import { FormActions } from '@/components/forms/form-actions';
import { validatePersonForm } from '@/components/forms/person-form';
import { PersonFields } from '@/components/forms/person-fields';
import { useCheckedForm, type CheckedFormProps } from '@/components/forms/use-checked-form';

import { CUSTOMER_FORM_RULES, type CustomerFormField, type CustomerFormValues } from '../customer-form';

function validateCustomerForm(values: CustomerFormValues) {
  return validatePersonForm(CUSTOMER_FORM_RULES, values);
}

/**
 * The admin's customer form (spec §2, §5): First Name, Last Name, Email, Phone Number and an optional
 * Company Name, and an optional Postal Code (issue 16). The rules are checked before sending; a field's server error shows until that field
 * is changed.
 */
export function CustomerForm({
  submitLabel,
  isSubmitting,
  onCancel,
  ...formProps
}: CheckedFormProps<CustomerFormValues, CustomerFormField, AdminCustomerInput>) {
  const { t } = useTranslation();
  const { formRef, values, message, change, submit } = useCheckedForm({
    ...formProps,
    validate: validateCustomerForm,
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <PersonFields
          labels={{
            firstName: t('adminCustomers.form.firstName'),
            lastName: t('adminCustomers.form.lastName'),
            email: t('adminCustomers.form.email'),
            phoneNumber: t('adminCustomers.form.phoneNumber'),
            phoneHint: t('adminCustomers.form.phoneHint'),
          }}
          values={values}
          message={message}
          onChange={change}
        />
        <TextInput
          label={t('adminCustomers.form.companyName')}
          description={t('adminCustomers.form.companyHint')}
          autoComplete="off"
          maxLength={TEXT_LIMITS.companyName}
          value={values.companyName}
          error={message('companyName')}
          onChange={(event) => {
            change('companyName', event.currentTarget.value);
          }}
        />
        <TextInput
          label={t('profile.fields.postalCode')}
          description={t('profile.hints.postalCode')}
          autoComplete="off"
          maxLength={20}
          value={values.postalCode}
          error={message('postalCode')}
          onChange={(event) => {
            change('postalCode', event.currentTarget.value);
          }}
        />
        <FormActions submitLabel={submitLabel} isSubmitting={isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
