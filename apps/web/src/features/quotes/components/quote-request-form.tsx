import {
  HOME_LIMITS,
  MAX_QUOTE_DATES,
  MAX_QUOTE_PHOTOS,
  TEXT_LIMITS,
  type CreateQuoteInput,
  type Service,
} from '@eclat/shared';
import {
  Button,
  FileInput,
  Group,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconPhoto, IconSend } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';

import { AddressFields } from '@/components/forms/address-fields';
import { checkImageFile } from '@/lib/image-file';
import { useTranslation } from '@/lib/i18n';
import { readAsDataUrl } from '@/lib/read-file';

import { validateQuoteForm, type QuoteErrors, type QuoteField, type QuoteFormValues } from '../quote-form';

type QuoteRequestFormProps = {
  initialValues: QuoteFormValues;
  services: readonly Service[];
  /** Today in the business time zone: earlier days cannot be preferred. */
  today: string;
  isSending: boolean;
  serverErrors?: QuoteErrors;
  onSubmit: (input: CreateQuoteInput) => void;
};

/**
 * The quote request (issue 16): what (services and a description), where (address and postal code), how
 * big (bedrooms, bathrooms, square feet), preferred dates, and up to three photos. The rules are the
 * server's schema, checked before sending.
 */
export function QuoteRequestForm({
  initialValues,
  services,
  today,
  isSending,
  serverErrors,
  onSubmit,
}: QuoteRequestFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initialValues);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<QuoteErrors>({});
  const shown: QuoteErrors = { ...serverErrors, ...errors };
  const message = (field: QuoteField) => {
    const key = shown[field];
    return key ? t(key) : null;
  };
  const change = <Field extends QuoteField>(field: Field, value: QuoteFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const choosePhotos = async (chosen: File[]) => {
    const kept = chosen.slice(0, MAX_QUOTE_PHOTOS);
    const problem =
      chosen.length > MAX_QUOTE_PHOTOS
        ? 'quotes.errors.tooManyPhotos'
        : kept.map((file) => checkImageFile(file)).find((key) => key !== null);
    setFiles(problem ? [] : kept);
    if (problem) {
      setValues((current) => ({ ...current, photos: [] }));
      setErrors((current) => ({ ...current, photos: problem }));
      return;
    }
    const photos = await Promise.all(kept.map((file) => readAsDataUrl(file)));
    change('photos', photos);
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const result = validateQuoteForm(values);
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.data);
  };

  /** A count of the place, as many digits as its largest value (the limits of a home, `HOME_LIMITS`). */
  const countInput = (field: 'bedrooms' | 'bathrooms' | 'areaSqft', max: number) => (
    <TextInput
      label={t(`quotes.form.${field}`)}
      inputMode="numeric"
      maxLength={String(max).length}
      value={values[field]}
      error={message(field)}
      onChange={(event) => {
        change(field, event.currentTarget.value.replace(/\D/g, ''));
      }}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <MultiSelect
          label={t('quotes.form.services')}
          description={t('quotes.form.servicesHint')}
          data={services.map((service) => ({ value: service.serviceId, label: service.title }))}
          value={values.serviceIds}
          error={message('serviceIds')}
          searchable
          clearable
          onChange={(value) => {
            change('serviceIds', value);
          }}
        />
        <Textarea
          label={t('quotes.form.description')}
          description={t('quotes.form.descriptionHint')}
          required
          autosize
          minRows={4}
          maxLength={TEXT_LIMITS.description}
          value={values.description}
          error={message('description')}
          onChange={(event) => {
            change('description', event.currentTarget.value);
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <AddressFields values={values} message={message} onChange={change} isPostalCodeRequired />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="quote-size-label">
            {t('quotes.form.size')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" role="group" aria-labelledby="quote-size-label">
            {countInput('bedrooms', HOME_LIMITS.bedrooms.max)}
            {countInput('bathrooms', HOME_LIMITS.bathrooms.max)}
            {countInput('areaSqft', HOME_LIMITS.area.max)}
          </SimpleGrid>
        </Stack>
        <DatePickerInput
          type="multiple"
          label={t('quotes.form.preferredDates')}
          description={t('quotes.form.preferredDatesHint', { count: MAX_QUOTE_DATES })}
          minDate={today}
          value={values.preferredDates}
          error={message('preferredDates')}
          clearable
          onChange={(value) => {
            change('preferredDates', value.slice(0, MAX_QUOTE_DATES));
          }}
        />
        <FileInput
          label={t('quotes.form.photos')}
          description={t('quotes.form.photosHint', { count: MAX_QUOTE_PHOTOS })}
          accept="image/png,image/jpeg"
          multiple
          clearable
          leftSection={<IconPhoto size={16} aria-hidden="true" />}
          value={files}
          error={message('photos')}
          onChange={(chosen) => {
            void choosePhotos(chosen);
          }}
        />
        <Group>
          <Button type="submit" loading={isSending} leftSection={<IconSend size={18} aria-hidden="true" />}>
            {t('quotes.form.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
