import { Container, Stack, Text, Title } from '@mantine/core';
import type { AppointmentsFilter } from '@eclat/shared';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useSearchParams } from 'react-router';

import { AppointmentsTable } from '@/features/staff-appointments/components/appointments-table';
import {
  readFilterParams,
  readPageParam,
  writeFilterParams,
  writePageParam,
} from '@/features/staff-appointments/staff-table';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/use-page-meta';

/**
 * Spec §2 /appointments (admin, employee): the paged appointments table and its PDF. The page and the
 * filter are in the address (`?page=2&status=confirmed&from=…&to=…`), so a reload or Back shows the
 * same rows. Add, Edit and Delete are the
 * admin's (spec §6); the server refuses them to anyone else whatever the page shows.
 */
export function AppointmentsRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('appointments');
  const { hasAny } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPageParam(searchParams);
  const search = searchParams.toString();
  const filter = useMemo(() => readFilterParams(search), [search]);

  const changePage = useCallback(
    (next: number, options?: { replace: boolean }) => {
      setSearchParams((current) => writePageParam(current, next), { replace: options?.replace ?? false });
    },
    [setSearchParams],
  );
  const changeFilter = useCallback(
    (next: AppointmentsFilter) => {
      setSearchParams((current) => writeFilterParams(current, next));
    },
    [setSearchParams],
  );

  return (
    <Container size="xl" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('staffAppointments.intro')}</Text>
        </Stack>
        <AppointmentsTable
          page={page}
          onPageChange={changePage}
          canManage={hasAny('admin')}
          filter={filter}
          onFilterChange={changeFilter}
        />
      </Stack>
    </Container>
  );
}
