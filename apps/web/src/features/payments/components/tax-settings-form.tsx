import { PROVINCES, TAX_CODES, taxName, type Province, type TaxCode, type TaxSettings } from '@eclat/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';

import { notifySuccess } from '@/components/ui/notify';
import { LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { isApiError } from '@/lib/api-client';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { useSaveTaxSettings, useTaxSettings } from '../api/tax-settings';
import { failureText } from '../failure-text';
import {
  fromTaxSettingsValues,
  toTaxSettingsValues,
  type FieldErrors,
  type TaxSettingsValues,
} from '../tax-settings-form-values';

/** The most taxes one province applies (the API's limit). */
const MAX_TAXES = 3;

function TaxSettingsFields({ settings }: { settings: TaxSettings }) {
  const { t, i18n } = useTranslation();
  const locale = useLanguage();
  const save = useSaveTaxSettings();
  const [values, setValues] = useState(() => toTaxSettingsValues(settings, locale));
  const [errors, setErrors] = useState<FieldErrors>({});

  const serverErrors: FieldErrors = {};
  if (isApiError(save.error)) {
    for (const detail of save.error.details) serverErrors[detail.path] ??= detail.message;
  }
  const message = (path: string) => {
    const key = errors[path] ?? serverErrors[path];
    return key && i18n.exists(key) ? t(key) : key ? t('validation.invalid') : null;
  };

  const setText = (field: 'legalName' | 'gstHstNumber' | 'qstNumber' | 'address', value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };
  const setTaxes = (
    province: Province,
    change: (
      taxes: TaxSettingsValues['rates'][number]['taxes'],
    ) => TaxSettingsValues['rates'][number]['taxes'],
  ) => {
    setValues((current) => ({
      ...current,
      rates: current.rates.map((entry) =>
        entry.province === province ? { ...entry, taxes: change(entry.taxes) } : entry,
      ),
    }));
    setErrors({});
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const checked = fromTaxSettingsValues(values);
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: () => {
        notifySuccess(t('payments.taxes.saved'));
      },
    });
  };

  const provinceName = (province: Province) => t(`payments.province.${province}`);
  const codeOptions = TAX_CODES.map((code) => ({ value: code, label: taxName(code, locale) }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('payments.taxes.business')}>
          <Stack gap="sm">
            <TextInput
              label={t('payments.taxes.legalName')}
              maxLength={120}
              value={values.legalName}
              onChange={(event) => {
                setText('legalName', event.currentTarget.value);
              }}
              error={message('legalName')}
            />
            <TextInput
              label={t('payments.taxes.address')}
              description={t('payments.taxes.addressHint')}
              maxLength={300}
              value={values.address}
              onChange={(event) => {
                setText('address', event.currentTarget.value);
              }}
              error={message('address')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('payments.taxes.gstHstNumber')}
                description={t('payments.taxes.gstHstHint')}
                maxLength={30}
                value={values.gstHstNumber}
                onChange={(event) => {
                  setText('gstHstNumber', event.currentTarget.value);
                }}
                error={message('gstHstNumber')}
              />
              <TextInput
                label={t('payments.taxes.qstNumber')}
                description={t('payments.taxes.qstHint')}
                maxLength={30}
                value={values.qstNumber}
                onChange={(event) => {
                  setText('qstNumber', event.currentTarget.value);
                }}
                error={message('qstNumber')}
              />
            </SimpleGrid>
            <Select
              label={t('payments.taxes.homeProvince')}
              description={t('payments.taxes.homeProvinceHint')}
              data={PROVINCES.map((province) => ({ value: province, label: provinceName(province) }))}
              value={values.homeProvince}
              allowDeselect={false}
              onChange={(value) => {
                const chosen = PROVINCES.find((province) => province === value);
                if (chosen) setValues((current) => ({ ...current, homeProvince: chosen }));
              }}
              error={message('homeProvince')}
              comboboxProps={{ withinPortal: true }}
            />
          </Stack>
        </Fieldset>

        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('payments.taxes.ratesIntro')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {values.rates.map((entry, provinceIndex) => (
              <Fieldset key={entry.province} legend={provinceName(entry.province)} p="sm">
                <Stack gap="xs">
                  {entry.taxes.length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t('payments.taxes.noTax')}
                    </Text>
                  )}
                  {entry.taxes.map((tax, taxIndex) => {
                    const at = `rates.${String(provinceIndex)}.taxes.${String(taxIndex)}`;
                    const place = { province: provinceName(entry.province), number: taxIndex + 1 };
                    return (
                      <Group key={taxIndex} gap="xs" align="flex-start" wrap="nowrap">
                        <Select
                          label={
                            <>
                              {t('payments.taxes.code', place)}
                              <VisuallyHidden>{t('payments.taxes.ofProvince', place)}</VisuallyHidden>
                            </>
                          }
                          data={codeOptions}
                          value={tax.code}
                          allowDeselect={false}
                          w={130}
                          onChange={(value) => {
                            const code = TAX_CODES.find((item): item is TaxCode => item === value);
                            if (!code) return;
                            setTaxes(entry.province, (taxes) =>
                              taxes.map((row, index) => (index === taxIndex ? { ...row, code } : row)),
                            );
                          }}
                          error={message(`${at}.code`)}
                          comboboxProps={{ withinPortal: true }}
                        />
                        <TextInput
                          label={
                            <>
                              {t('payments.taxes.rate', place)}
                              <VisuallyHidden>{t('payments.taxes.ofProvince', place)}</VisuallyHidden>
                            </>
                          }
                          inputMode="decimal"
                          autoComplete="off"
                          rightSection={<Text size="sm">%</Text>}
                          style={{ flex: 1, minWidth: 0 }}
                          value={tax.percent}
                          onChange={(event) => {
                            const percent = event.currentTarget.value;
                            setTaxes(entry.province, (taxes) =>
                              taxes.map((row, index) => (index === taxIndex ? { ...row, percent } : row)),
                            );
                          }}
                          error={message(`${at}.rate`)}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          mt={26}
                          aria-label={t('payments.taxes.remove', place)}
                          onClick={() => {
                            setTaxes(entry.province, (taxes) =>
                              taxes.filter((_, index) => index !== taxIndex),
                            );
                          }}
                        >
                          <IconTrash size={18} aria-hidden="true" />
                        </ActionIcon>
                      </Group>
                    );
                  })}
                  {entry.taxes.length < MAX_TAXES && (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      style={{ alignSelf: 'flex-start' }}
                      leftSection={<IconPlus size={16} aria-hidden="true" />}
                      aria-label={t('payments.taxes.addLabel', { province: provinceName(entry.province) })}
                      onClick={() => {
                        setTaxes(entry.province, (taxes) => [...taxes, { code: 'GST', percent: '' }]);
                      }}
                    >
                      {t('payments.taxes.add')}
                    </Button>
                  )}
                </Stack>
              </Fieldset>
            ))}
          </SimpleGrid>
        </Stack>

        {Object.keys(errors).length > 0 && (
          <Alert color="red" role="alert">
            {t('payments.taxes.fix')}
          </Alert>
        )}
        {save.isError && (
          <Alert color="red" role="alert">
            {failureText(t, (key) => i18n.exists(key), save.error, 'payments.taxes.failed')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('payments.taxes.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The admin's tax settings (issue 29): the business's tax numbers and each province's taxes. */
export function TaxSettingsForm() {
  const { t } = useTranslation();
  const settings = useTaxSettings();
  if (settings.isPending) return <LoadingSkeleton count={6} height={48} />;
  if (settings.isError)
    return <LoadErrorAlert message={t('payments.taxes.loadError')} onRetry={() => void settings.refetch()} />;
  return <TaxSettingsFields settings={settings.data} />;
}
