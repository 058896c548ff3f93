import { checklistText, type Locale } from '@eclat/shared';
import { Alert, Button, List, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';

import { useVisitChecklist } from '@/lib/api/checklists';
import { useTranslation } from '@/lib/i18n';

/**
 * A completed visit's checklist for its customer (issue 30 §3, decision 064): what was done, and the
 * cleaner's note on what was not, in the customer's language. Read when opened, so a long list of past
 * visits asks nothing of the server until then.
 */
export function VisitChecklistDone({ appointmentId, locale }: { appointmentId: string; locale: Locale }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const checklist = useVisitChecklist(appointmentId, { enabled: open });
  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        size="sm"
        px={0}
        style={{ alignSelf: 'flex-start' }}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        {t('checklists.done.show')}
      </Button>
      <div id={panelId} hidden={!open}>
        {open && checklist.isPending && <Loader size="sm" aria-label={t('checklists.done.title')} />}
        {open && checklist.isError && (
          <Alert color="red" role="alert">
            {t('checklists.done.loadFailed')}
          </Alert>
        )}
        {checklist.data?.items.length === 0 && <Text size="sm">{t('checklists.done.empty')}</Text>}
        {checklist.data && checklist.data.items.length > 0 && (
          <List spacing={6} size="sm" center>
            {checklist.data.items.map((item) => (
              <List.Item
                key={item.itemId}
                icon={
                  <ThemeIcon size={22} radius="xl" color={item.ticked ? 'teal' : 'gray'} aria-hidden="true">
                    {item.ticked ? <IconCheck size={14} /> : <IconX size={14} />}
                  </ThemeIcon>
                }
              >
                <Text size="sm" span>
                  <Text span fw={600}>
                    {item.ticked ? t('checklists.done.ticked') : t('checklists.done.notDone')}
                  </Text>{' '}
                  {checklistText(item, locale)}
                </Text>
                {!item.ticked && item.note && (
                  <Text size="sm" c="dimmed">
                    {item.note}
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </Stack>
  );
}
