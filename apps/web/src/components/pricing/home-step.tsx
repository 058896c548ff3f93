import { HOME_LIMITS, TEXT_LIMITS, type Locale, type PricingField } from '@eclat/shared';
import {
  Checkbox,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { describeDuration } from '@/lib/duration';
import { formatCurrency } from '@/lib/format';

import type { BookingHome } from '@/lib/pricing/booking-home';
import { EMPTY_TYPED_PLACE, type HomePlace, type TypedPlace } from '@/lib/pricing/home-place';
import type { VisitEstimate } from '@/lib/pricing/visit-price';

type HomeStepProps = {
  estimate: VisitEstimate;
  value: BookingHome;
  onChange: (value: BookingHome) => void;
  /** Say what is missing even in boxes left empty (after Next). */
  showAllErrors: boolean;
  locale: Locale;
  /**
   * Where the visit happens (issues 16 and 27, decisions 026 and 035): the default address (the
   * profile's, or the visit's own) or another one typed, what `homePlace` says of it, and what to show
   * when it is outside the area (the customer's quote request, the office's note).
   */
  place?: {
    value: HomePlace;
    /** The typed address, or undefined for the default address. */
    typed: TypedPlace | undefined;
    onChange: (typed: TypedPlace | undefined) => void;
    /** The label of the default address's choice: `pricing.place.own` (mine) or the office's wording. */
    ownKey: string;
    outside: ReactNode;
    /** The office books outside the area all the same (no surcharge): the price still shows there. */
    booksOutside?: boolean;
  };
};

/** The boxes of another address (issue 27): street, city and postal code, with their labels and hints. */
const PLACE_FIELDS: readonly {
  field: keyof TypedPlace;
  label: string;
  hint?: string;
  autoComplete: string;
  maxLength: number;
}[] = [
  {
    field: 'street',
    label: 'pricing.place.street',
    hint: 'profile.hints.address',
    autoComplete: 'street-address',
    maxLength: TEXT_LIMITS.address,
  },
  { field: 'city', label: 'pricing.place.city', autoComplete: 'address-level2', maxLength: TEXT_LIMITS.city },
  {
    field: 'postalCode',
    label: 'pricing.home.postalCode',
    hint: 'pricing.home.postalCodeHint',
    autoComplete: 'postal-code',
    maxLength: 20,
  },
];

/** A count typed in a number box: a number, or undefined while it is empty. */
const countOf = (value: number | string): number | undefined =>
  typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value);

/**
 * "Your home" (issue 16, decisions 025 and 026), before the date: the bedrooms, bathrooms or floor area
 * the chosen services are priced on, their extras, and the postal code (its travel surcharge, or the way
 * out when it is outside the area); the price and the duration follow live (read out politely), from the
 * same function the server books with. The customer's booking and the admin's form both use it.
 */
export function HomeStep({ estimate, value, onChange, showAllErrors, locale, place }: HomeStepProps) {
  const { t } = useTranslation();
  const { needs, price } = estimate;
  const errorOf = (field: PricingField) => {
    const issue = estimate.issues.find((each) => each.field === field);
    const typed = field === 'extraIds' ? undefined : value.home[field];
    return issue && (showAllErrors || typed !== undefined) ? t(issue.key) : undefined;
  };
  const setCount = (field: 'bedrooms' | 'bathrooms' | 'area', typed: number | string) => {
    const count = countOf(typed);
    const { [field]: _previous, ...rest } = value.home;
    const home = count === undefined ? rest : { ...rest, [field]: count };
    if (field === 'area' && needs.area) home.areaUnit = needs.area;
    onChange({ ...value, home });
  };
  const durationText = (minutes: number) => {
    const duration = describeDuration(minutes);
    return t(duration.key, duration.values);
  };
  const unit = needs.area === 'sqm' ? t('pricing.units.sqm') : t('pricing.units.sqft');
  const postal = place?.value;
  const typed = place?.typed;
  // A field's rule is said once something is typed in it (the postal code once complete), or after Next.
  const placeError = (field: keyof TypedPlace) => {
    const key = postal?.errors[field];
    const text = typed?.[field] ?? '';
    const isTyped = field === 'postalCode' ? text.replace(/\s/g, '').length >= 6 : text.trim() !== '';
    return key && (showAllErrors || isTyped) ? t(key) : undefined;
  };
  const setTyped = (field: keyof TypedPlace, text: string) => {
    place?.onChange({ ...(typed ?? EMPTY_TYPED_PLACE), [field]: text });
  };

  let estimateText = t('pricing.home.incomplete');
  if (price) {
    estimateText =
      price.totalCents > 0 || price.lines.every((line) => line.cents > 0)
        ? t('pricing.home.estimate', {
            price: formatCurrency(price.totalCents / 100, locale),
            duration: durationText(price.minutes),
          })
        : t('pricing.home.estimateQuote', { duration: durationText(price.minutes) });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="home-step-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="home-step-heading">
          {t('pricing.home.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('pricing.home.intro')}
        </Text>
        {(needs.bedrooms || needs.bathrooms || needs.area) && (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            {needs.bedrooms && (
              <NumberInput
                label={t('pricing.home.bedrooms')}
                description={t('pricing.home.bedroomsHint')}
                // The hint under the field: the inputs of the row stay level with each other.
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                min={HOME_LIMITS.bedrooms.min}
                max={HOME_LIMITS.bedrooms.max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={value.home.bedrooms ?? ''}
                error={errorOf('bedrooms')}
                onChange={(typed) => {
                  setCount('bedrooms', typed);
                }}
              />
            )}
            {needs.bathrooms && (
              <NumberInput
                label={t('pricing.home.bathrooms')}
                required
                min={HOME_LIMITS.bathrooms.min}
                max={HOME_LIMITS.bathrooms.max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={value.home.bathrooms ?? ''}
                error={errorOf('bathrooms')}
                onChange={(typed) => {
                  setCount('bathrooms', typed);
                }}
              />
            )}
            {needs.area && (
              <NumberInput
                label={t('pricing.home.area', { unit })}
                required
                min={HOME_LIMITS.area.min}
                max={HOME_LIMITS.area.max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                thousandSeparator={locale === 'fr' ? ' ' : ','}
                value={value.home.area ?? ''}
                error={errorOf('area')}
                onChange={(typed) => {
                  setCount('area', typed);
                }}
              />
            )}
          </SimpleGrid>
        )}
        {needs.extras.length > 0 && (
          <Checkbox.Group
            label={t('pricing.home.extras')}
            value={value.extraIds}
            error={errorOf('extraIds')}
            onChange={(extraIds) => {
              onChange({ ...value, extraIds });
            }}
          >
            <Stack gap="xs" mt={6}>
              {needs.extras.map((extra) => (
                <Checkbox
                  key={extra.extraId}
                  value={extra.extraId}
                  label={extra.title[locale]}
                  description={t('pricing.home.extraPrice', {
                    price: formatCurrency(extra.priceCents / 100, locale),
                    duration: durationText(extra.minutes),
                  })}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {place && postal && (
          <Radio.Group
            label={t('pricing.place.heading')}
            value={postal.isOther ? 'other' : 'own'}
            onChange={(choice) => {
              place.onChange(choice === 'other' ? EMPTY_TYPED_PLACE : undefined);
            }}
          >
            <Stack gap="xs" mt={6}>
              <Radio
                value="own"
                label={t(place.ownKey, { address: postal.ownLine ?? t('pricing.place.none') })}
              />
              <Radio value="other" label={t('pricing.place.other')} />
            </Stack>
          </Radio.Group>
        )}
        {place && postal?.isOther && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {PLACE_FIELDS.map(({ field, label, hint, autoComplete, maxLength }) => (
              <TextInput
                key={field}
                label={t(label)}
                description={hint && t(hint)}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                autoComplete={autoComplete}
                maxLength={maxLength}
                value={typed?.[field] ?? ''}
                error={placeError(field)}
                onChange={(event) => {
                  setTyped(field, event.currentTarget.value);
                }}
              />
            ))}
          </SimpleGrid>
        )}
        {postal?.check.kind === 'outside' ? (
          place?.outside
        ) : (
          <Text size="sm" aria-live="polite" data-testid="home-surcharge">
            {postal && postal.surchargeCents > 0
              ? t('pricing.home.surcharge', {
                  price: formatCurrency(postal.surchargeCents / 100, locale),
                  postalCode: postal.postalCode,
                })
              : ''}
          </Text>
        )}
        <Text role="status" aria-live="polite" fw={700} data-testid="home-estimate">
          {/* Not booked online there: the quote request prices it. */}
          {postal?.check.kind === 'outside' && !place?.booksOutside ? '' : estimateText}
        </Text>
      </Stack>
    </Paper>
  );
}
