import { TEXT_LIMITS, type ProfileInput } from '@eclat/shared';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from '@/lib/i18n';

import { AddressFields } from '@/components/forms/address-fields';
import { PHONE_EXAMPLE } from '@/components/forms/person-form';
import { NameInputs, PhoneNumberInput } from '@/components/forms/person-fields';

import {
  validateProfile,
  type ProfileErrors,
  type ProfileField,
  type ProfileFormValues,
} from '../profile-form';

type ProfileFormProps = {
  initialValues: ProfileFormValues;
  /** The account's email, shown read-only. */
  email: string;
  isSaving: boolean;
  /** Rules the server reported (translation keys per field). */
  serverErrors?: ProfileErrors;
  onSubmit: (input: ProfileInput) => void;
  onCancel?: () => void;
};

/** The profile fields with the spec §5 rules checked before sending. */
export function ProfileForm({
  initialValues,
  email,
  isSaving,
  serverErrors,
  onSubmit,
  onCancel,
}: ProfileFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const shown: ProfileErrors = { ...serverErrors, ...errors };

  const message = (field: ProfileField) => {
    const key = shown[field];
    return key ? t(key, { phone: PHONE_EXAMPLE }) : null;
  };

  const change = (field: ProfileField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const result = validateProfile(values);
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NameInputs
          labels={{ firstName: t('profile.fields.firstName'), lastName: t('profile.fields.lastName') }}
          values={values}
          message={message}
          onChange={change}
          isOwnName
        />
        <TextInput
          label={t('profile.fields.email')}
          description={t('profile.hints.email')}
          value={email}
          readOnly
          variant="filled"
        />
        <PhoneNumberInput
          label={t('profile.fields.phoneNumber')}
          description={t('profile.hints.phone')}
          value={values.phoneNumber}
          error={message('phoneNumber')}
          onChange={(value) => {
            change('phoneNumber', value);
          }}
          isOwnNumber
        />
        <AddressFields values={values} message={message} onChange={change} />
        <TextInput
          label={t('profile.fields.companyName')}
          description={t('profile.hints.companyOptional')}
          autoComplete="organization"
          maxLength={TEXT_LIMITS.companyName}
          value={values.companyName}
          error={message('companyName')}
          onChange={(event) => {
            change('companyName', event.currentTarget.value);
          }}
        />
        <Group gap="sm">
          <Button type="submit" loading={isSaving}>
            {t('profile.save')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={isSaving}>
              {t('profile.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
