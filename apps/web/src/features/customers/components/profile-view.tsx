import type { Customer } from '@eclat/shared';
import { Button, Stack } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { DetailList } from '@/components/ui/detail-list';
import { useTranslation } from '@/lib/i18n';

type ProfileViewProps = { customer: Customer; email: string; onEdit: () => void };

/** The saved profile, read-only, with Edit (spec §2, §4). */
export function ProfileView({ customer, email, onEdit }: ProfileViewProps) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('profile.fields.firstName'), customer.firstName],
    [t('profile.fields.lastName'), customer.lastName],
    [t('profile.fields.email'), email],
    [t('profile.fields.phoneNumber'), customer.phoneNumber],
    [t('profile.fields.address'), customer.address ?? t('profile.notProvided')],
    [t('profile.fields.postalCode'), customer.postalCode ?? t('profile.notProvided')],
    [t('profile.fields.companyName'), customer.companyName ?? t('profile.notProvided')],
  ];
  return (
    <Stack gap="lg">
      <DetailList rows={rows} />
      <Button
        onClick={onEdit}
        leftSection={<IconEdit size={18} aria-hidden="true" />}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('profile.edit')}
      </Button>
    </Stack>
  );
}
