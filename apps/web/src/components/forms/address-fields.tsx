import { TextInput } from '@mantine/core';

import { useTranslation } from '@/lib/i18n';

type AddressField = 'address' | 'postalCode';

type AddressFieldsProps = {
  values: Record<AddressField, string>;
  /** The translated message of a field's broken rule, or null. */
  message: (field: AddressField) => string | null;
  onChange: (field: AddressField, value: string) => void;
  /** The postal code is required (a quote request) or optional (the profile, issue 16). */
  isPostalCodeRequired?: boolean;
};

/**
 * A service address: the street (the spec's "123 Main Street" rule) and the Canadian postal code, with
 * their labels and hints. The caller lays them out (one under the other, or side by side).
 */
export function AddressFields({
  values,
  message,
  onChange,
  isPostalCodeRequired = false,
}: AddressFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('profile.fields.address')}
        description={t('profile.hints.address')}
        required
        autoComplete="street-address"
        maxLength={200}
        value={values.address}
        error={message('address')}
        onChange={(event) => {
          onChange('address', event.currentTarget.value);
        }}
      />
      <TextInput
        label={t('profile.fields.postalCode')}
        description={t('profile.hints.postalCode')}
        required={isPostalCodeRequired}
        autoComplete="postal-code"
        maxLength={20}
        value={values.postalCode}
        error={message('postalCode')}
        onChange={(event) => {
          onChange('postalCode', event.currentTarget.value);
        }}
      />
    </>
  );
}
