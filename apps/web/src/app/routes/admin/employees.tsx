import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

import { EmployeesTable } from '@/features/employees/components/employees-table';
import { usePageMeta } from '@/lib/use-page-meta';

/** Spec §2 Employees (admin): the employees table; its forms come back here. */
export function EmployeesRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('employees');
  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" maw={640}>
            {t('employees.list.intro')}
          </Text>
        </Stack>
        <EmployeesTable origin="list" />
      </Stack>
    </Container>
  );
}
