import { TEXT_LIMITS } from '@eclat/shared';
import { SimpleGrid, TextInput } from '@mantine/core';

import { formatPhoneInput, type PersonField, type PersonFormValues } from './person-form';

type NameField = 'firstName' | 'lastName';

type NameInputsProps = {
  labels: Record<NameField, string>;
  values: Pick<PersonFormValues, NameField>;
  /** The translated message under a field, or null. */
  message: (field: NameField) => string | null;
  onChange: (field: NameField, value: string) => void;
  /** The signed-in person's own name: the browser may offer what it remembers. */
  isOwnName?: boolean;
};

/** First and last name (required, 100 characters at most), side by side from the xs width up. */
export function NameInputs({ labels, values, message, onChange, isOwnName = false }: NameInputsProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        label={labels.firstName}
        required
        autoComplete={isOwnName ? 'given-name' : 'off'}
        maxLength={TEXT_LIMITS.personName}
        value={values.firstName}
        error={message('firstName')}
        onChange={(event) => {
          onChange('firstName', event.currentTarget.value);
        }}
      />
      <TextInput
        label={labels.lastName}
        required
        autoComplete={isOwnName ? 'family-name' : 'off'}
        maxLength={TEXT_LIMITS.personName}
        value={values.lastName}
        error={message('lastName')}
        onChange={(event) => {
          onChange('lastName', event.currentTarget.value);
        }}
      />
    </SimpleGrid>
  );
}

type PhoneNumberInputProps = {
  label: string;
  description: string;
  value: string;
  error: string | null;
  /** Receives the formatted number (digits only, dashes added: "514-555-1234"). */
  onChange: (value: string) => void;
  /** The signed-in person's own number: the browser may offer what it remembers. */
  isOwnNumber?: boolean;
};

/** A required phone number, formatted as it is typed (spec §5: 123-456-7890). */
export function PhoneNumberInput({
  label,
  description,
  value,
  error,
  onChange,
  isOwnNumber = false,
}: PhoneNumberInputProps) {
  return (
    <TextInput
      label={label}
      description={description}
      required
      type="tel"
      inputMode="numeric"
      autoComplete={isOwnNumber ? 'tel-national' : 'off'}
      maxLength={12}
      maw={260}
      value={value}
      error={error}
      onChange={(event) => {
        onChange(formatPhoneInput(event.currentTarget.value));
      }}
    />
  );
}

type PersonFieldsProps = {
  labels: Record<PersonField, string> & { emailHint?: string; phoneHint: string };
  values: PersonFormValues;
  /** The translated message under a field, or null. */
  message: (field: PersonField) => string | null;
  onChange: (field: PersonField, value: string) => void;
};

/** The fields every admin person form starts with: first and last name, email, phone number. */
export function PersonFields({ labels, values, message, onChange }: PersonFieldsProps) {
  return (
    <>
      <NameInputs labels={labels} values={values} message={message} onChange={onChange} />
      <TextInput
        label={labels.email}
        description={labels.emailHint}
        required
        type="email"
        autoComplete="off"
        maxLength={TEXT_LIMITS.email}
        value={values.email}
        error={message('email')}
        onChange={(event) => {
          onChange('email', event.currentTarget.value);
        }}
      />
      <PhoneNumberInput
        label={labels.phoneNumber}
        description={labels.phoneHint}
        value={values.phoneNumber}
        error={message('phoneNumber')}
        onChange={(value) => {
          onChange('phoneNumber', value);
        }}
      />
    </>
  );
}
