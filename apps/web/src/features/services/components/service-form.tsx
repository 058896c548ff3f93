import { TEXT_LIMITS, type ServiceInput } from '@eclat/shared';
import {
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from '@/lib/i18n';

import {
  checkTypedAmount,
  keepDigits,
  validateServiceForm,
  type AmountField,
  type ServiceFormErrors,
  type ServiceFormField,
  type ServiceFormValues,
} from '@/features/services/service-form-values';

import { DEFAULT_SERVICE_IMAGE } from '@/features/services/service-picture';
import { PricingFields } from './pricing-fields';
import { toServerPricingErrors } from '../pricing-form-values';
import classes from './service-form.module.css';
import { checkImageFile } from '@/lib/image-file';
import { readAsDataUrl } from '@/lib/read-file';

type ServiceFormProps = {
  mode: 'create' | 'edit';
  initialValues: ServiceFormValues;
  submitLabel: string;
  isSubmitting: boolean;
  /** Field errors the server sent back (translation keys). */
  serverErrors?: ServiceFormErrors['fields'];
  /** The server's 400 details: those of the pricing model and extras go next to their boxes. */
  serverDetails?: readonly { path: string; message: string }[];
  onSubmit: (input: ServiceInput) => void;
  onCancel: () => void;
};

/** Title, description, pricing, category, duration, availability and picture of a service (spec §2). */
export function ServiceForm({
  mode,
  initialValues,
  submitLabel,
  isSubmitting,
  serverErrors,
  serverDetails,
  onSubmit,
  onCancel,
}: ServiceFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<ServiceFormErrors>({ fields: {} });

  const set = <K extends keyof ServiceFormValues>(key: K, value: ServiceFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
  };

  /** Pricing and duration keep digits only and say at once when the value is below 1 (spec §5). */
  const setAmount = (field: AmountField, typed: string) => {
    const value = keepDigits(typed);
    set(field, value);
    const problem = checkTypedAmount(field, value);
    setErrors((current) => ({ ...current, fields: { ...current.fields, [field]: problem } }));
  };

  const fieldError = (field: ServiceFormField) => {
    const key = errors.fields[field] ?? serverErrors?.[field];
    return key ? t(key, { defaultValue: key }) : undefined;
  };

  const pickImage = async (file: File | null) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setErrors((current) => ({ ...current, fields: { ...current.fields, image: problem } }));
      return;
    }
    try {
      const dataUrl = await readAsDataUrl(file);
      set('image', { kind: 'new', dataUrl });
      setErrors((current) => ({ ...current, fields: { ...current.fields, image: undefined } }));
    } catch {
      setErrors((current) => ({
        ...current,
        fields: { ...current.fields, image: 'services.errors.imageRead' },
      }));
    }
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const result = validateServiceForm(values, mode);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({ fields: {} });
    onSubmit(result.input);
  };

  const preview =
    values.image.kind === 'new'
      ? values.image.dataUrl
      : values.image.kind === 'keep'
        ? values.image.url
        : null;
  const imageError = fieldError('image');
  const kind = values.pricingForm.kind;
  const serverPricingErrors = serverDetails ? toServerPricingErrors(serverDetails, kind) : undefined;

  return (
    <form onSubmit={submit} noValidate aria-describedby={errors.form ? 'service-form-error' : undefined}>
      <Stack gap="md">
        {errors.form && (
          <Alert color="red" role="alert" id="service-form-error">
            {t(errors.form)}
          </Alert>
        )}
        <TextInput
          label={t('services.form.title')}
          required
          maxLength={TEXT_LIMITS.serviceTitle}
          value={values.title}
          error={fieldError('title')}
          onChange={(event) => {
            set('title', event.currentTarget.value);
          }}
        />
        <Textarea
          label={t('services.form.description')}
          required
          autosize
          minRows={3}
          maxLength={TEXT_LIMITS.description}
          value={values.description}
          error={fieldError('description')}
          onChange={(event) => {
            set('description', event.currentTarget.value);
          }}
        />
        <PricingFields
          values={values.pricingForm}
          onChange={(pricingForm) => {
            set('pricingForm', pricingForm);
          }}
          errors={{ ...serverPricingErrors, ...errors.pricing }}
        />
        {(kind === 'flat' || kind === 'quote') && (
          <Group grow align="flex-start" gap="md" className={classes.row}>
            {kind === 'flat' && (
              <TextInput
                label={t('services.form.pricing')}
                description={t('services.form.pricingHint')}
                placeholder="50"
                inputMode="numeric"
                required
                maxLength={6}
                value={values.pricing}
                error={fieldError('pricing')}
                onChange={(event) => {
                  setAmount('pricing', event.currentTarget.value);
                }}
              />
            )}
            <TextInput
              label={t('services.form.duration')}
              description={t('services.form.durationHint')}
              placeholder="30"
              inputMode="numeric"
              required
              maxLength={4}
              value={values.durationMinutes}
              error={fieldError('durationMinutes')}
              onChange={(event) => {
                setAmount('durationMinutes', event.currentTarget.value);
              }}
            />
          </Group>
        )}
        <TextInput
          label={t('services.form.category')}
          required
          maxLength={60}
          value={values.category}
          error={fieldError('category')}
          onChange={(event) => {
            set('category', event.currentTarget.value);
          }}
        />
        <Switch
          label={t('services.form.available')}
          description={t('services.form.availableHint')}
          checked={values.isAvailable}
          onChange={(event) => {
            set('isAvailable', event.currentTarget.checked);
          }}
        />

        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Text fw={500} size="sm" id="service-image-label">
              {t('services.form.image')}
            </Text>
            <Text size="xs" c="dimmed" id="service-image-hint">
              {t('services.form.imageHint')}
            </Text>
            <Image
              src={preview ?? DEFAULT_SERVICE_IMAGE}
              alt={preview ? t('services.form.imagePreview') : t('services.form.imageDefault')}
              className={classes.preview}
              radius="sm"
            />
            <Group gap="xs">
              <FileButton
                accept="image/png,image/jpeg"
                onChange={(file) => {
                  void pickImage(file);
                }}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconPhoto size={16} aria-hidden="true" />}
                    aria-describedby="service-image-hint"
                  >
                    {preview ? t('services.form.imageReplace') : t('services.form.imageChoose')}
                  </Button>
                )}
              </FileButton>
              {preview && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  onClick={() => {
                    set('image', { kind: 'none' });
                  }}
                >
                  {t('services.form.imageRemove')}
                </Button>
              )}
            </Group>
            {imageError && (
              <Group gap={4} wrap="nowrap">
                <Text size="sm" c="red.8" role="alert">
                  {imageError}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t('common.dismiss')}
                  onClick={() => {
                    setErrors((current) => ({ ...current, fields: { ...current.fields, image: undefined } }));
                  }}
                />
              </Group>
            )}
          </Stack>
        </Paper>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
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
