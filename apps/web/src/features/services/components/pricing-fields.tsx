import { AREA_UNITS, PRICING_KINDS, type AreaUnit, type PricingKind } from '@eclat/shared';
import {
  Button,
  Fieldset,
  Group,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

import {
  EMPTY_BAND,
  EMPTY_EXTRA,
  type BandValues,
  type ExtraValues,
  type PricingFormErrors,
  type PricingFormValues,
} from '../pricing-form-values';

type PricingFieldsProps = {
  values: PricingFormValues;
  onChange: (values: PricingFormValues) => void;
  errors: PricingFormErrors | undefined;
};

const MODEL_LABELS: Record<PricingKind, string> = {
  flat: 'pricing.models.flat',
  rooms: 'pricing.models.rooms',
  area: 'pricing.models.area',
  hourly: 'pricing.models.hourly',
  quote: 'pricing.models.quote',
};
const UNIT_LABELS: Record<AreaUnit, string> = { sqft: 'pricing.units.sqft', sqm: 'pricing.units.sqm' };

/** An amount box: dollars with two decimals at most, or whole minutes. */
function AmountInput({
  label,
  value,
  error,
  onChange,
  kind,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  kind: 'dollars' | 'minutes';
}) {
  return (
    <TextInput
      label={label}
      required
      inputMode={kind === 'dollars' ? 'decimal' : 'numeric'}
      maxLength={kind === 'dollars' ? 9 : 7}
      value={value}
      error={error}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        onChange(kind === 'dollars' ? typed.replace(/[^\d.,]/g, '') : typed.replace(/\D/g, ''));
      }}
    />
  );
}

/**
 * The pricing model of a service and its amounts, and its extras (decision 025), in the admin's service
 * form. Flat is the spec's price and duration (the boxes above); quote is "Contact for pricing".
 */
export function PricingFields({ values, onChange, errors }: PricingFieldsProps) {
  const { t } = useTranslation();
  const errorOf = (path: string) => {
    const key = errors?.[path];
    return key ? t(key, { defaultValue: key }) : undefined;
  };
  const set = (changes: Partial<PricingFormValues>) => {
    onChange({ ...values, ...changes });
  };
  const setRooms = (field: keyof PricingFormValues['rooms'], value: string) => {
    set({ rooms: { ...values.rooms, [field]: value } });
  };
  const setBand = (index: number, field: keyof BandValues, value: string) => {
    const bands = values.area.bands.map((band, at) => (at === index ? { ...band, [field]: value } : band));
    set({ area: { ...values.area, bands } });
  };
  const setExtra = (index: number, field: keyof Omit<ExtraValues, 'extraId'>, value: string) => {
    const extras = values.extras.map((extra, at) => (at === index ? { ...extra, [field]: value } : extra));
    set({ extras });
  };
  const unitLabel = t(UNIT_LABELS[values.area.unit]);
  const bandsError = errorOf('bands');
  const extrasError = errorOf('extras');

  return (
    <Stack gap="md">
      <Radio.Group
        label={t('pricing.models.label')}
        description={values.kind === 'quote' ? t('pricing.form.quoteHint') : t('pricing.form.modelHint')}
        value={values.kind}
        onChange={(kind) => {
          const chosen = PRICING_KINDS.find((known) => known === kind);
          if (chosen) set({ kind: chosen });
        }}
      >
        <Group gap="md" mt="xs">
          {PRICING_KINDS.map((kind) => (
            <Radio key={kind} value={kind} label={t(MODEL_LABELS[kind])} />
          ))}
        </Group>
      </Radio.Group>

      {values.kind === 'rooms' && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {(
            [
              ['baseDollars', 'pricing.form.baseDollars', 'dollars'],
              ['baseMinutes', 'pricing.form.baseMinutes', 'minutes'],
              ['perBedroomDollars', 'pricing.form.perBedroomDollars', 'dollars'],
              ['perBedroomMinutes', 'pricing.form.perBedroomMinutes', 'minutes'],
              ['perBathroomDollars', 'pricing.form.perBathroomDollars', 'dollars'],
              ['perBathroomMinutes', 'pricing.form.perBathroomMinutes', 'minutes'],
            ] as const
          ).map(([field, label, kind]) => (
            <AmountInput
              key={field}
              label={t(label)}
              kind={kind}
              value={values.rooms[field]}
              error={errorOf(`rooms.${field}`)}
              onChange={(value) => {
                setRooms(field, value);
              }}
            />
          ))}
        </SimpleGrid>
      )}

      {values.kind === 'hourly' && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <AmountInput
            label={t('pricing.form.rateDollars')}
            kind="dollars"
            value={values.hourly.rateDollars}
            error={errorOf('hourly.rateDollars')}
            onChange={(rateDollars) => {
              set({ hourly: { ...values.hourly, rateDollars } });
            }}
          />
          <AmountInput
            label={t('pricing.form.estimatedMinutes')}
            kind="minutes"
            value={values.hourly.minutes}
            error={errorOf('hourly.minutes')}
            onChange={(minutes) => {
              set({ hourly: { ...values.hourly, minutes } });
            }}
          />
        </SimpleGrid>
      )}

      {values.kind === 'area' && (
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={500} id="area-unit-label">
              {t('pricing.form.unit')}
            </Text>
            <SegmentedControl
              aria-labelledby="area-unit-label"
              value={values.area.unit}
              data={AREA_UNITS.map((unit) => ({ value: unit, label: t(UNIT_LABELS[unit]) }))}
              onChange={(unit) => {
                const chosen = AREA_UNITS.find((known) => known === unit);
                if (chosen) set({ area: { ...values.area, unit: chosen } });
              }}
            />
          </div>
          <Text size="sm" fw={500}>
            {t('pricing.form.bands')}
          </Text>
          <Text size="xs" c="dimmed" mt={-8}>
            {t('pricing.form.bandsHint')}
          </Text>
          {values.area.bands.map((band, index) => {
            const number = String(index + 1);
            return (
              <Fieldset key={index} legend={t('pricing.form.bandLegend', { number })} p="sm">
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                  <AmountInput
                    label={t('pricing.form.bandUpTo', { unit: unitLabel })}
                    kind="minutes"
                    value={band.upTo}
                    error={errorOf(`bands.${String(index)}.upTo`)}
                    onChange={(value) => {
                      setBand(index, 'upTo', value);
                    }}
                  />
                  <AmountInput
                    label={t('pricing.form.bandDollars')}
                    kind="dollars"
                    value={band.dollars}
                    error={errorOf(`bands.${String(index)}.dollars`)}
                    onChange={(value) => {
                      setBand(index, 'dollars', value);
                    }}
                  />
                  <AmountInput
                    label={t('pricing.form.bandMinutes')}
                    kind="minutes"
                    value={band.minutes}
                    error={errorOf(`bands.${String(index)}.minutes`)}
                    onChange={(value) => {
                      setBand(index, 'minutes', value);
                    }}
                  />
                </SimpleGrid>
                {values.area.bands.length > 1 && (
                  <Button
                    mt="xs"
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} aria-hidden="true" />}
                    onClick={() => {
                      set({
                        area: { ...values.area, bands: values.area.bands.filter((_, at) => at !== index) },
                      });
                    }}
                  >
                    {t('pricing.form.removeBand', { number })}
                  </Button>
                )}
              </Fieldset>
            );
          })}
          {bandsError && (
            <Text size="sm" c="red.8" role="alert">
              {bandsError}
            </Text>
          )}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            style={{ alignSelf: 'flex-start' }}
            disabled={values.area.bands.length >= 20}
            onClick={() => {
              set({ area: { ...values.area, bands: [...values.area.bands, { ...EMPTY_BAND }] } });
            }}
          >
            {t('pricing.form.addBand')}
          </Button>
        </Stack>
      )}

      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500}>
            {t('pricing.form.extras')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('pricing.form.extrasHint')}
          </Text>
        </div>
        {values.extras.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('pricing.form.noExtras')}
          </Text>
        )}
        {values.extras.map((extra, index) => {
          const number = String(index + 1);
          const path = (field: string) => `extras.${String(index)}.${field}`;
          return (
            <Fieldset
              key={extra.extraId ?? `new-${String(index)}`}
              legend={t('pricing.form.extraLegend', { number })}
              p="sm"
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput
                  label={t('pricing.form.extraTitleEn')}
                  lang="en"
                  required
                  maxLength={80}
                  value={extra.en}
                  error={errorOf(path('en'))}
                  onChange={(event) => {
                    setExtra(index, 'en', event.currentTarget.value);
                  }}
                />
                <TextInput
                  label={t('pricing.form.extraTitleFr')}
                  lang="fr"
                  required
                  maxLength={80}
                  value={extra.fr}
                  error={errorOf(path('fr'))}
                  onChange={(event) => {
                    setExtra(index, 'fr', event.currentTarget.value);
                  }}
                />
                <AmountInput
                  label={t('pricing.form.extraDollars')}
                  kind="dollars"
                  value={extra.dollars}
                  error={errorOf(path('dollars'))}
                  onChange={(value) => {
                    setExtra(index, 'dollars', value);
                  }}
                />
                <AmountInput
                  label={t('pricing.form.extraMinutes')}
                  kind="minutes"
                  value={extra.minutes}
                  error={errorOf(path('minutes'))}
                  onChange={(value) => {
                    setExtra(index, 'minutes', value);
                  }}
                />
              </SimpleGrid>
              <Button
                mt="xs"
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden="true" />}
                onClick={() => {
                  set({ extras: values.extras.filter((_, at) => at !== index) });
                }}
              >
                {t('pricing.form.removeExtra', { number })}
              </Button>
            </Fieldset>
          );
        })}
        {extrasError && (
          <Text size="sm" c="red.8" role="alert">
            {extrasError}
          </Text>
        )}
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          style={{ alignSelf: 'flex-start' }}
          disabled={values.extras.length >= 20}
          onClick={() => {
            set({ extras: [...values.extras, { ...EMPTY_EXTRA }] });
          }}
        >
          {t('pricing.form.addExtra')}
        </Button>
      </Stack>
    </Stack>
  );
}
