import type { Customer } from '@eclat/shared';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { toErrorCode } from '@/lib/api-client';

import { useDeleteCustomer } from '../api/delete-customer';
import { useCustomers } from '../api/get-customers';
import { isKeptForAppointments } from '../customer-form';
import { filterCustomers } from '../customer-search';

function fullName(customer: Customer): string {
  return `${customer.firstName} ${customer.lastName}`;
}

/**
 * The admin dashboard's Customers tab (spec §2): name, email, phone, company; a search by name,
 * email or company; Add Customer; Edit and Delete (after a confirmation) per row. A customer who has
 * appointments is kept (decision 008): the refusal stays on screen until dismissed.
 */
export function CustomersPanel() {
  const { t } = useTranslation();
  const customers = useCustomers();
  const remove = useDeleteCustomer();
  const [query, setQuery] = useState('');
  const [keptName, setKeptName] = useState<string | null>(null);
  const captionId = useId();

  const confirmDelete = (customer: Customer) => {
    const name = fullName(customer);
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': t('common.dismiss') },
      title: t('adminCustomers.delete.title'),
      children: <Text size="sm">{t('adminCustomers.delete.text', { name })}</Text>,
      labels: { confirm: t('adminCustomers.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setKeptName(null);
        remove.mutate(customer.customerId, {
          onSuccess: () => {
            notifications.show({
              closeButtonProps: { 'aria-label': t('common.dismiss') },
              color: 'teal',
              message: t('adminCustomers.delete.success'),
            });
          },
          onError: (error) => {
            if (isKeptForAppointments(error)) {
              setKeptName(name);
              return;
            }
            notifications.show({
              closeButtonProps: { 'aria-label': t('common.dismiss') },
              color: 'red',
              title: t('adminCustomers.delete.error'),
              message: t(`errors.${toErrorCode(error)}`),
            });
          },
        });
      },
    });
  };

  let body;
  if (customers.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={40} radius="sm" />
        ))}
      </Stack>
    );
  } else if (customers.isError) {
    body = (
      <Alert color="red" title={t('adminCustomers.list.loadErrorTitle')} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('adminCustomers.list.loadError')}</Text>
          <Button variant="default" size="xs" onClick={() => void customers.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (customers.data.length === 0) {
    body = (
      <Text role="status" c="dimmed" ta="center" py="xl">
        {t('adminCustomers.list.empty')}
      </Text>
    );
  } else {
    const shown = filterCustomers(customers.data, query);
    body =
      shown.length === 0 ? (
        <Text role="status" c="dimmed" ta="center" py="xl">
          {t('adminCustomers.list.noMatch', { query: query.trim() })}
        </Text>
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
                        <Group gap="xs" wrap="nowrap">
                          <Anchor
                            component={Link}
                            to={paths.editCustomer.getHref(customer.customerId)}
                            size="sm"
                            aria-label={t('adminCustomers.list.editLabel', { name })}
                          >
                            <Group gap={4} wrap="nowrap">
                              <IconEdit size={16} aria-hidden="true" />
                              {t('adminCustomers.list.edit')}
                            </Group>
                          </Anchor>
                          <Button
                            size="xs"
                            // Red text on a plain button: 5.5:1 (WCAG AA), hovered or not; light red fills fall below it.
                            variant="default"
                            c="red.9"
                            leftSection={<IconTrash size={14} aria-hidden="true" />}
                            aria-label={t('adminCustomers.list.deleteLabel', { name })}
                            loading={remove.isPending && remove.variables === customer.customerId}
                            onClick={() => {
                              confirmDelete(customer);
                            }}
                          >
                            {t('adminCustomers.list.delete')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      );
  }

  const hasCustomers = customers.isSuccess && customers.data.length > 0;

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
        <Button
          component={Link}
          to={paths.addCustomer.getHref()}
          leftSection={<IconPlus size={18} aria-hidden="true" />}
        >
          {t('adminCustomers.list.add')}
        </Button>
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
