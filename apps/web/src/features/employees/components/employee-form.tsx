import type { EmployeeInput } from '@eclat/shared';
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { formatPhoneInput, PHONE_EXAMPLE } from '@/features/customers/profile-form';

import {
  validateEmployeeForm,
  type EmployeeFormErrors,
  type EmployeeFormField,
  type EmployeeFormValues,
} from '../employee-form';

type EmployeeFormProps = {
  initialValues: EmployeeFormValues;
  submitLabel: string;
  isSubmitting: boolean;
  /** Rules the server reported for the last save (translation keys per field). */
  serverErrors?: EmployeeFormErrors;
  onSubmit: (input: EmployeeInput) => void;
  onCancel: () => void;
};

/**
 * First name, last name, email, phone number, role and active (spec §2, §5). The rules are checked
 * before sending; a field's server error shows until that field is changed.
 */
export function EmployeeForm({
  initialValues,
  submitLabel,
  isSubmitting,
  serverErrors,
  onSubmit,
  onCancel,
}: EmployeeFormProps) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<EmployeeFormErrors>({});
  const [editedSinceSave, setEditedSinceSave] = useState<ReadonlySet<EmployeeFormField>>(new Set());
  const [failedAttempts, setFailedAttempts] = useState(0);

  // After a refused submit, the cursor goes to the first field to fix.
  useEffect(() => {
    if (failedAttempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedAttempts]);

  const message = (field: EmployeeFormField) => {
    const key = errors[field] ?? (editedSinceSave.has(field) ? undefined : serverErrors?.[field]);
    return key ? t(key, { phone: PHONE_EXAMPLE }) : null;
  };

  const change = (field: EmployeeFormField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    if (!editedSinceSave.has(field)) setEditedSinceSave((current) => new Set(current).add(field));
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const result = validateEmployeeForm(values);
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
            label={t('employees.form.firstName')}
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
            label={t('employees.form.lastName')}
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
          label={t('employees.form.email')}
          description={t('employees.form.emailHint')}
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
          label={t('employees.form.phoneNumber')}
          description={t('employees.form.phoneHint')}
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
