import type { AdminCustomerInput } from '@eclat/shared';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import {
  validateCustomerForm,
  type CustomerFormErrors,
  type CustomerFormField,
  type CustomerFormValues,
} from '../customer-form';
import { formatPhoneInput, PHONE_EXAMPLE } from '../profile-form';

type CustomerFormProps = {
  initialValues: CustomerFormValues;
  /** Submit (Create New Customer) or Save Changes (Edit Customer), spec §2. */
  submitLabel: string;
  isSubmitting: boolean;
  /** Rules the server reported for the last save (translation keys per field). */
  serverErrors?: CustomerFormErrors;
  onSubmit: (input: AdminCustomerInput) => void;
  onCancel: () => void;
};

/**
 * The admin's customer form (spec §2, §5): First Name, Last Name, Email, Phone Number and an optional
 * Company Name. The rules are checked before sending; a field's server error shows until that field
 * is changed.
 */
export function CustomerForm({
  initialValues,
  submitLabel,
  isSubmitting,
  serverErrors,
  onSubmit,
  onCancel,
}: CustomerFormProps) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<CustomerFormErrors>({});
  const [editedSinceSave, setEditedSinceSave] = useState<ReadonlySet<CustomerFormField>>(new Set());
  const [failedAttempts, setFailedAttempts] = useState(0);

  // After a refused submit, the cursor goes to the first field to fix.
  useEffect(() => {
    if (failedAttempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedAttempts]);

  const message = (field: CustomerFormField) => {
    const key = errors[field] ?? (editedSinceSave.has(field) ? undefined : serverErrors?.[field]);
    return key ? t(key, { phone: PHONE_EXAMPLE }) : null;
  };

  const change = (field: CustomerFormField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    if (!editedSinceSave.has(field)) setEditedSinceSave((current) => new Set(current).add(field));
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const result = validateCustomerForm(values);
    if (!result.success) {
      setErrors(result.errors);
      setFailedAttempts((count) => count + 1);
      return;
    }
    setErrors({});
    setEditedSinceSave(new Set());
    onSubmit(result.data);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('adminCustomers.form.firstName')}
            required
            autoComplete="off"
            maxLength={100}
            value={values.firstName}
            error={message('firstName')}
            onChange={(event) => {
              change('firstName', event.currentTarget.value);
            }}
          />
          <TextInput
            label={t('adminCustomers.form.lastName')}
            required
            autoComplete="off"
            maxLength={100}
            value={values.lastName}
            error={message('lastName')}
            onChange={(event) => {
              change('lastName', event.currentTarget.value);
            }}
          />
        </SimpleGrid>
        <TextInput
          label={t('adminCustomers.form.email')}
          required
          type="email"
          autoComplete="off"
          maxLength={254}
          value={values.email}
          error={message('email')}
          onChange={(event) => {
            change('email', event.currentTarget.value);
          }}
        />
        <TextInput
          label={t('adminCustomers.form.phoneNumber')}
          description={t('adminCustomers.form.phoneHint')}
          required
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          maw={260}
          value={values.phoneNumber}
          error={message('phoneNumber')}
          onChange={(event) => {
            change('phoneNumber', formatPhoneInput(event.currentTarget.value));
          }}
        />
        <TextInput
          label={t('adminCustomers.form.companyName')}
          description={t('adminCustomers.form.companyHint')}
          autoComplete="off"
          maxLength={120}
          value={values.companyName}
          error={message('companyName')}
          onChange={(event) => {
            change('companyName', event.currentTarget.value);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
