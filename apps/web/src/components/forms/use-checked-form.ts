import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from '@/lib/i18n';

import { PHONE_EXAMPLE, type FieldErrors } from './person-form';

/** The props of an admin form built on `useCheckedForm`, from the screen that shows it. */
export type CheckedFormProps<Values, Field extends string, Input> = {
  initialValues: Values;
  /** The submit button's text: Submit or Create (add screens), Save Changes (edit screens), spec §2. */
  submitLabel: string;
  isSubmitting: boolean;
  /** Rules the server reported for the last save (translation keys per field). */
  serverErrors?: FieldErrors<Field>;
  onSubmit: (input: Input) => void;
  onCancel: () => void;
};

type CheckedFormOptions<Values, Field extends keyof Values & string, Input> = {
  initialValues: Values;
  /** The rules checked before sending: the input to send, or a translation key per broken field. */
  validate: (
    values: Values,
  ) => { success: true; data: Input } | { success: false; errors: FieldErrors<Field> };
  /** Rules the server reported for the last save (translation keys per field). */
  serverErrors?: FieldErrors<Field>;
  onSubmit: (input: Input) => void;
};

/**
 * The state of an admin form whose rules are checked before sending: the values, each field's
 * message (its own rule first, else the server's, which shows until that field is changed), and a
 * submit that focuses the first field to fix when the rules refuse it.
 */
export function useCheckedForm<Values, Field extends keyof Values & string, Input>({
  initialValues,
  validate,
  serverErrors,
  onSubmit,
}: CheckedFormOptions<Values, Field, Input>) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [editedSinceSave, setEditedSinceSave] = useState<ReadonlySet<Field>>(new Set());
  const [failedAttempts, setFailedAttempts] = useState(0);

  // After a refused submit, the cursor goes to the first field to fix.
  useEffect(() => {
    if (failedAttempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedAttempts]);

  /** The translated message to show under a field, or null. */
  const message = (field: Field): string | null => {
    const key: string | undefined =
      errors[field] ?? (editedSinceSave.has(field) ? undefined : serverErrors?.[field]);
    return key ? t(key, { phone: PHONE_EXAMPLE }) : null;
  };

  const change = (field: Field, value: Values[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    if (!editedSinceSave.has(field)) setEditedSinceSave((current) => new Set(current).add(field));
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const result = validate(values);
    if (!result.success) {
      setErrors(result.errors);
      setFailedAttempts((count) => count + 1);
      return;
    }
    setErrors({});
    setEditedSinceSave(new Set());
    onSubmit(result.data);
  };

  return { formRef, values, setValues, message, change, submit };
}
