import { Anchor, Badge, Button, Group, Stack, Table } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { EmptyState, LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useServices } from '@/lib/api/get-services';
import { formatCurrency } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';

/** The Services tab: the whole catalogue as an admin sees it, unavailable services included. */
export function ServicesPanel() {
  const { t } = useTranslation();
  const locale = useLanguage();
  const services = useServices('admin');

  const addButton = (
    <Button
      component={Link}
      to={paths.addService.getHref()}
      leftSection={<IconPlus size={18} aria-hidden="true" />}
    >
      {t('admin.services.add')}
    </Button>
  );

  let body;
  if (services.isPending) {
    body = <LoadingSkeleton />;
  } else if (services.isError) {
    body = (
      <LoadErrorAlert
        title={t('admin.services.loadErrorTitle')}
        message={t('admin.services.loadError')}
        onRetry={() => void services.refetch()}
      />
    );
  } else if (services.data.length === 0) {
    body = <EmptyState>{t('admin.services.empty')}</EmptyState>;
  } else {
    body = (
      <Table.ScrollContainer minWidth={680}>
        <Table verticalSpacing="sm" striped highlightOnHover>
          <Table.Caption>{t('admin.services.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('admin.services.columns.title')}</Table.Th>
              <Table.Th scope="col">{t('admin.services.columns.category')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('admin.services.columns.price')}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {t('admin.services.columns.duration')}
              </Table.Th>
              <Table.Th scope="col">{t('admin.services.columns.status')}</Table.Th>
              <Table.Th scope="col">{t('admin.services.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {services.data.map((service) => (
              <Table.Tr key={service.serviceId}>
                <Table.Th scope="row" fw={600}>
                  {service.title}
                </Table.Th>
                <Table.Td>{service.category}</Table.Td>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                  {service.pricing <= 0
                    ? t('admin.services.contactForPricing')
                    : formatCurrency(service.pricing, locale)}
                </Table.Td>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                  {t('admin.services.duration', { count: service.durationMinutes })}
                </Table.Td>
                <Table.Td>
                  <Badge variant={service.isAvailable ? 'filled' : 'default'}>
                    {t(service.isAvailable ? 'admin.services.available' : 'admin.services.unavailable')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={paths.editService.getHref(service.serviceId)}
                    size="sm"
                    aria-label={t('admin.services.editLabel', { title: service.title })}
                  >
                    <Group gap={4} wrap="nowrap">
                      <IconEdit size={16} aria-hidden="true" />
                      {t('admin.services.edit')}
                    </Group>
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="flex-end">{addButton}</Group>
      {body}
    </Stack>
  );
}
