import type { Customer } from '@eclat/shared';
import { Loader, Select, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { useCustomers } from '@/lib/api/get-customers';

/** How long typing pauses before the server is asked. */
const SEARCH_DEBOUNCE_MS = 250;
/** Customers offered at a time: typing narrows them. */
const PICKER_RESULTS = 20;

export type PickedCustomer = Pick<
  Customer,
  'customerId' | 'firstName' | 'lastName' | 'email' | 'address' | 'postalCode'
>;

const labelOf = (customer: PickedCustomer) =>
  `${customer.firstName} ${customer.lastName}${customer.email ? ` · ${customer.email}` : ''}`;

type CustomerPickerProps = {
  label: string;
  description?: string;
  value: string | null;
  /** The customer chosen, with the names the form shows; null when cleared. */
  onChange: (customer: PickedCustomer | null) => void;
  error?: string | undefined;
  /** The customer already chosen when the form opens (an appointment being edited). */
  initial?: PickedCustomer | undefined;
};

/**
 * A customer chosen by typing (decision 024): the server searches every word in the name, email or
 * company as the admin types (after a short pause), 20 at a time in name order; "type more" when there
 * are more. Loading, no match and a failed search are said in the list and to screen readers.
 */
export function CustomerPicker({ label, description, value, onChange, error, initial }: CustomerPickerProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<PickedCustomer | undefined>(initial);
  const [search, setSearch] = useState('');
  // The chosen customer's label in the box is not a search.
  const typed = chosen && search === labelOf(chosen) ? '' : search.trim();
  const [query] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const results = useCustomers(query, { limit: PICKER_RESULTS });
  const isSearching = results.isFetching || query !== typed;

  const options = useMemo(() => {
    const found = results.items.map((customer) => ({ value: customer.customerId, label: labelOf(customer) }));
    if (chosen && !found.some((option) => option.value === chosen.customerId)) {
      found.unshift({ value: chosen.customerId, label: labelOf(chosen) });
    }
    return found;
  }, [results.items, chosen]);

  let status: string;
  if (results.isError) status = t('customerPicker.error');
  else if (isSearching) status = t('customerPicker.loading');
  else if (results.items.length === 0)
    status = query ? t('customerPicker.noMatch', { query }) : t('customerPicker.none');
  else if (results.hasNextPage) status = t('customerPicker.more', { count: results.items.length });
  else status = t('customerPicker.found', { count: results.items.length });

  return (
    <>
      <Select
        label={label}
        description={typed && results.hasNextPage ? t('customerPicker.narrow') : description}
        placeholder={t('customerPicker.placeholder')}
        required
        searchable
        // The server has filtered: every option it sent is shown.
        filter={({ options: all }) => all}
        data={options}
        value={value}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(next) => {
          const customer =
            results.items.find((item) => item.customerId === next) ??
            (chosen?.customerId === next ? chosen : undefined);
          setChosen(customer);
          onChange(customer ?? null);
        }}
        nothingFoundMessage={status}
        rightSection={isSearching ? <Loader size={16} aria-hidden="true" /> : undefined}
        error={error}
        comboboxProps={{ withinPortal: true }}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {typed ? status : ''}
      </VisuallyHidden>
    </>
  );
}
