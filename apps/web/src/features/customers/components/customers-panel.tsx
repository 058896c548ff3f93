import type { Customer } from '@eclat/shared';
import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { EmptyState, LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { confirmDanger } from '@/components/ui/confirm-danger';
import { CsvDownloadButton } from '@/components/ui/csv-download-button';
import { notifyFailure, notifySuccess } from '@/components/ui/notify';
import { RecordRowActions } from '@/components/ui/row-actions';
import { ShowMore } from '@/components/ui/show-more';
import { paths } from '@/config/paths';
import { toErrorCode } from '@/lib/api-client';

import { useDeleteCustomer } from '../api/delete-customer';
import { useCustomers } from '@/lib/api/get-customers';
import { isKeptForAppointments } from '../customer-form';

function fullName(customer: Customer): string {
  return `${customer.firstName} ${customer.lastName}`;
}

/**
 * The admin dashboard's Customers tab (spec §2): name, email, phone, company; a search by name,
 * email or company (on the server, decision 024), 50 at a time with "Show more"; Add Customer; Edit and Delete (after a confirmation) per row. A customer who has
 * appointments is kept (decision 008): the refusal stays on screen until dismissed.
 */
export function CustomersPanel() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [search] = useDebouncedValue(query.trim(), 250);
  const customers = useCustomers(search);
  const remove = useDeleteCustomer();
  const [keptName, setKeptName] = useState<string | null>(null);
  const captionId = useId();

  const confirmDelete = (customer: Customer) => {
    const name = fullName(customer);
    confirmDanger(t, {
      title: t('adminCustomers.delete.title'),
      text: t('adminCustomers.delete.text', { name }),
      confirm: t('adminCustomers.delete.confirm'),
      onConfirm: () => {
        setKeptName(null);
        remove.mutate(customer.customerId, {
          onSuccess: () => {
            notifySuccess(t('adminCustomers.delete.success'));
          },
          onError: (error) => {
            if (isKeptForAppointments(error)) {
              setKeptName(name);
              return;
            }
            notifyFailure(t('adminCustomers.delete.error'), t(`errors.${toErrorCode(error)}`));
          },
        });
      },
    });
  };

  let body;
  if (customers.isPending) {
    body = <LoadingSkeleton />;
  } else if (customers.isError) {
    body = (
      <LoadErrorAlert
        title={t('adminCustomers.list.loadErrorTitle')}
        message={t('adminCustomers.list.loadError')}
        onRetry={() => void customers.refetch()}
      />
    );
  } else if (customers.items.length === 0 && !search) {
    body = <EmptyState>{t('adminCustomers.list.empty')}</EmptyState>;
  } else {
    const shown = customers.items;
    body =
      shown.length === 0 ? (
        <EmptyState>{t('adminCustomers.list.noMatch', { query: search })}</EmptyState>
      ) : (
        <Stack gap="xs">
          {/* Above the scrolling table, so it stays readable on a phone; it also names the table. */}
          <Text id={captionId} size="sm" c="dimmed">
            {t('adminCustomers.list.caption')}
          </Text>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" striped highlightOnHover aria-labelledby={captionId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('adminCustomers.list.columns.name')}</Table.Th>
                  <Table.Th scope="col">{t('adminCustomers.list.columns.email')}</Table.Th>
                  <Table.Th scope="col">{t('adminCustomers.list.columns.phone')}</Table.Th>
                  <Table.Th scope="col">{t('adminCustomers.list.columns.company')}</Table.Th>
                  <Table.Th scope="col">{t('adminCustomers.list.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((customer) => {
                  const name = fullName(customer);
                  return (
                    <Table.Tr key={customer.customerId}>
                      <Table.Th scope="row" fw={600} miw={140}>
                        {name}
                      </Table.Th>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{customer.email}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{customer.phoneNumber}</Table.Td>
                      <Table.Td>
                        {customer.companyName ?? (
                          <Text span size="sm" c="dimmed">
                            {t('adminCustomers.list.noCompany')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <RecordRowActions
                          editHref={paths.editCustomer.getHref(customer.customerId)}
                          labels={{
                            edit: t('adminCustomers.list.edit'),
                            editAccessible: t('adminCustomers.list.editLabel', { name }),
                            delete: t('adminCustomers.list.delete'),
                            deleteAccessible: t('adminCustomers.list.deleteLabel', { name }),
                          }}
                          isDeleting={remove.isPending && remove.variables === customer.customerId}
                          onDelete={() => {
                            confirmDelete(customer);
                          }}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ShowMore list={customers} shown={shown.length} />
        </Stack>
      );
  }

  const hasCustomers = customers.isSuccess && (customers.items.length > 0 || search !== '');

  return (
    <Stack gap="md">
      <Group justify={hasCustomers ? 'space-between' : 'flex-end'} gap="sm">
        {hasCustomers && (
          <TextInput
            type="search"
            aria-label={t('adminCustomers.list.searchLabel')}
            placeholder={t('adminCustomers.list.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            style={{ flex: '1 1 240px' }}
            maw={420}
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
            }}
          />
        )}
        <Group gap="sm">
          <CsvDownloadButton kind="customers" />
          <Button
            component={Link}
            to={paths.addCustomer.getHref()}
            leftSection={<IconPlus size={18} aria-hidden="true" />}
          >
            {t('adminCustomers.list.add')}
          </Button>
        </Group>
      </Group>
      {keptName && (
        <Alert
          color="red"
          role="alert"
          title={t('adminCustomers.delete.error')}
          withCloseButton
          closeButtonLabel={t('common.dismiss')}
          onClose={() => {
            setKeptName(null);
          }}
        >
          {t('adminCustomers.delete.hasAppointments', { name: keptName })}
        </Alert>
      )}
      {body}
    </Stack>
  );
}
