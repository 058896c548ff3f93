import type { Service } from '@eclat/shared';
import { SERVICE_ID_LENGTH } from '@eclat/shared';
import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconTrash } from '@tabler/icons-react';

import { paths } from '@/config/paths';
import { useDeleteService } from '@/features/services/api/delete-service';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

/**
 * An admin's Edit and Delete on a service card (spec §5), with the confirmation before deleting. Loaded
 * only for an admin: the services page of every other visitor comes without it.
 */
export function ServiceAdminActions({
  service,
  onDeleted,
}: {
  service: Service;
  onDeleted: (serviceId: string) => void;
}) {
  const { t } = useTranslation();
  const deleteService = useDeleteService();

  const confirmDelete = () => {
    modals.openConfirmModal({
      title: t('services.delete.title'),
      children: <Text size="sm">{t('services.delete.text', { title: service.title })}</Text>,
      labels: { confirm: t('services.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        if (service.serviceId.length !== SERVICE_ID_LENGTH) {
          notifications.show({ color: 'red', message: t('services.delete.invalidId') });
          return;
        }
        deleteService.mutate(service.serviceId, {
          onSuccess: () => {
            onDeleted(service.serviceId);
            notifications.show({ color: 'teal', message: t('services.delete.success') });
          },
          onError: () => {
            notifications.show({ color: 'red', message: t('services.delete.error') });
          },
        });
      },
    });
  };

  return (
    <Group gap="xs" grow>
      <Button
        component={Link}
        to={paths.editService.getHref(service.serviceId)}
        variant="light"
        leftSection={<IconEdit size={16} aria-hidden="true" />}
        aria-label={t('services.editLabel', { title: service.title })}
      >
        {t('services.edit')}
      </Button>
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden="true" />}
        aria-label={t('services.deleteLabel', { title: service.title })}
        loading={deleteService.isPending}
        onClick={confirmDelete}
      >
        {t('services.deleteButton')}
      </Button>
    </Group>
  );
}
