import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime, IconPlus } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { IconLink } from '@/components/ui/icon-link';
import { paths } from '@/config/paths';
import { useMyAvailabilities } from '@/features/availabilities/api/get-my-availabilities';
import { MyAvailabilitiesList } from '@/features/availabilities/components/my-availabilities-list';
import { isNotEmployeeError } from '@/lib/staff/not-employee';
import { usePageMeta } from '@/lib/use-page-meta';

/** Spec §2 /my-availabilities: the signed-in employee's availabilities and Add Availability. */
export function MyAvailabilitiesRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('myAvailabilities');
  // The same query as the list: without an employee record there is nothing to add to.
  const mine = useMyAvailabilities();
  const canAdd = !(mine.isError && isNotEmployeeError(mine.error));

  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4} maw={640}>
            <Title order={1}>{title}</Title>
            <Text c="dimmed">{t('availabilities.mine.intro')}</Text>
            <IconLink
              to={paths.employeeSchedule.getHref()}
              icon={<IconCalendarTime size={16} aria-hidden="true" />}
            >
              {t('availabilities.mine.viewSchedule')}
            </IconLink>
          </Stack>
          {canAdd && (
            <Button
              component={Link}
              to={paths.addAvailability.getHref()}
              leftSection={<IconPlus size={18} aria-hidden="true" />}
            >
              {t('availabilities.mine.add')}
            </Button>
          )}
        </Group>
        <MyAvailabilitiesList />
      </Stack>
    </Container>
  );
}
