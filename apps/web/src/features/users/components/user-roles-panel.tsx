import type { AuthUser, Permission } from '@eclat/shared';
import { Badge, Button, Group, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconKey, IconSearch, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { EmptyState, LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { ShowMore } from '@/components/ui/show-more';

import { useChangeEmployeeRole, type EmployeeRoleChange } from '../api/change-employee-role';
import { useUsers } from '../api/get-users';
import { useUserPermissions } from '../api/get-user-permissions';

/** Filled or outlined badges: the light variants fail contrast on the striped rows. */
const PERMISSION_BADGES: Record<Permission, { variant: string; color?: string }> = {
  admin: { variant: 'filled', color: 'ink' },
  employee: { variant: 'filled' },
  customer: { variant: 'default' },
};

function fullName(user: AuthUser): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

/** One user: permissions loaded on demand, and the employee role given or taken away (spec §4). */
function UserRow({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const [isRequested, setRequested] = useState(false);
  const permissions = useUserPermissions(user.user_id, { enabled: isRequested });
  const changeRole = useChangeEmployeeRole();
  const name = fullName(user) || user.email;

  const change = (action: EmployeeRoleChange['action']) => {
    setRequested(true);
    changeRole.mutate(
      { userId: user.user_id, action },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: t(action === 'assign' ? 'admin.roles.assigned' : 'admin.roles.removed'),
          });
        },
        onError: () => {
          notifications.show({
            color: 'red',
            title: t('notifications.errorTitle'),
            message: t(action === 'assign' ? 'admin.roles.assignFailed' : 'admin.roles.removeFailed'),
          });
        },
      },
    );
  };

  let permissionCell;
  if (!isRequested) {
    permissionCell = (
      <Text size="sm" c="dimmed">
        {t('admin.roles.notLoaded')}
      </Text>
    );
  } else if (permissions.isPending) {
    permissionCell = <Skeleton height={22} width={120} radius="xl" aria-label={t('common.loading')} />;
  } else if (permissions.isError) {
    permissionCell = (
      <Text size="sm" c="red.8" role="alert">
        {t('admin.roles.permissionsError')}
      </Text>
    );
  } else if (permissions.data.length === 0) {
    permissionCell = (
      <Text size="sm" c="dimmed">
        {t('admin.roles.noPermissions')}
      </Text>
    );
  } else {
    permissionCell = (
      <Group
        component="ul"
        gap={6}
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('admin.roles.permissionsOf', { name })}
      >
        {permissions.data.map(({ permission_name: permission }) => (
          <li key={permission}>
            <Badge {...PERMISSION_BADGES[permission]}>{t(`admin.roles.permission.${permission}`)}</Badge>
          </li>
        ))}
      </Group>
    );
  }

  const isBusy = (action: EmployeeRoleChange['action']) =>
    changeRole.isPending && changeRole.variables.action === action;

  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {name}
        </Text>
        {name !== user.email && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        )}
      </Table.Td>
      <Table.Td aria-live="polite" miw={170}>
        {permissionCell}
      </Table.Td>
      <Table.Td>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconKey size={14} aria-hidden="true" />}
            aria-label={t('admin.roles.loadLabel', { name })}
            loading={permissions.isFetching}
            onClick={() => {
              if (isRequested) void permissions.refetch();
              else setRequested(true);
            }}
          >
            {t('admin.roles.load')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUserPlus size={14} aria-hidden="true" />}
            aria-label={t('admin.roles.assignLabel', { name })}
            loading={isBusy('assign')}
            disabled={changeRole.isPending}
            onClick={() => {
              change('assign');
            }}
          >
            {t('admin.roles.assign')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconUserMinus size={14} aria-hidden="true" />}
            aria-label={t('admin.roles.removeLabel', { name })}
            loading={isBusy('remove')}
            disabled={changeRole.isPending}
            onClick={() => {
              change('remove');
            }}
          >
            {t('admin.roles.remove')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The User Roles tab: the accounts in email order, 50 at a time with "Show more", a search by email or
 * name on the server (decision 024), each account's permissions on demand, and the employee role.
 */
export function UserRolesPanel() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [search] = useDebouncedValue(query.trim(), 250);
  const users = useUsers(search);

  let body;
  if (users.isPending) body = <LoadingSkeleton height={48} />;
  else if (users.isError) {
    body = (
      <LoadErrorAlert
        title={t('admin.roles.loadErrorTitle')}
        message={t('admin.roles.loadError')}
        onRetry={() => void users.refetch()}
      />
    );
  } else if (users.items.length === 0) {
    body = (
      <EmptyState>{search ? t('admin.roles.noMatch', { query: search }) : t('admin.roles.empty')}</EmptyState>
    );
  } else {
    body = (
      <Stack gap="xs">
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" striped highlightOnHover>
            <Table.Caption>{t('admin.roles.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admin.roles.columns.user')}</Table.Th>
                <Table.Th scope="col">{t('admin.roles.columns.permissions')}</Table.Th>
                <Table.Th scope="col">{t('admin.roles.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.items.map((user) => (
                <UserRow key={user.user_id} user={user} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ShowMore list={users} shown={users.items.length} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <TextInput
        type="search"
        aria-label={t('admin.roles.searchLabel')}
        placeholder={t('admin.roles.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        maw={420}
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
        }}
      />
      {body}
    </Stack>
  );
}
