import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { formatLongDate } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';

/** Spec §2: a calendar and the selected date (the locale comes from the app's DatesProvider). */
export function CalendarTestRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('calendarTest');
  const [date, setDate] = useState<string | null>(null);
  const locale = useLanguage();

  return (
    <Container size="sm" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg" align="flex-start">
        <Title order={1}>{title}</Title>
        <Paper withBorder radius="md" p="md">
          <DatePicker value={date} onChange={setDate} aria-label={t('calendarTest.label')} />
        </Paper>
        <Text role="status" aria-live="polite" size="lg">
          {date
            ? t('calendarTest.selected', { date: formatLongDate(`${date}T12:00:00`, locale) })
            : t('calendarTest.none')}
        </Text>
      </Stack>
    </Container>
  );
}
