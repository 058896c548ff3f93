import { checklistText, MAX_CHECKLIST_ITEMS, TEXT_LIMITS, type ChecklistItem } from '@eclat/shared';
import { ActionIcon, Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

import { isApiError, toErrorCode } from '@/lib/api-client';
import { useServiceChecklist, useWriteServiceChecklist } from '@/lib/api/checklists';
import { useLanguage, useTranslation } from '@/lib/i18n';

/** A row being edited: `itemId` for an item the server has (kept by id), `key` for React. */
type Row = { key: string; itemId?: string; textEn: string; textFr: string };

/** Each item is written in both languages, English first. */
const LANGUAGES = [
  { field: 'textEn', lang: 'en' },
  { field: 'textFr', lang: 'fr' },
] as const;

let rows = 0;
const newKey = () => `checklist-row-${String((rows += 1))}`;
const toRows = (items: ChecklistItem[]): Row[] => items.map((item) => ({ key: item.itemId, ...item }));

/**
 * The admin's checklist of a service (issue 30 §3, decision 064), under its edit form: items in English
 * and French, moved with Move up / Move down buttons (keyboard and screen readers alike), removed after a
 * confirmation, saved together. The server checks the same limits (`serviceChecklistInputSchema`).
 */
export function ServiceChecklistEditor({ serviceId }: { serviceId: string }) {
  const { t } = useTranslation();
  const checklist = useServiceChecklist(serviceId);
  return (
    <Stack component="section" gap="sm" mt="xl" aria-labelledby="service-checklist-title">
      <Title order={2} size="h3" id="service-checklist-title">
        {t('checklists.editor.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('checklists.editor.intro')}
      </Text>
      {checklist.isError && (
        <Alert color="red" role="alert">
          {t('checklists.editor.loadFailed')}
        </Alert>
      )}
      {checklist.isSuccess && (
        <ChecklistForm key={serviceId} serviceId={serviceId} initial={toRows(checklist.data.items)} />
      )}
    </Stack>
  );
}

function ChecklistForm({ serviceId, initial }: { serviceId: string; initial: Row[] }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const write = useWriteServiceChecklist(serviceId);
  const [items, setItems] = useState<Row[]>(initial);
  const [removing, setRemoving] = useState<Row | null>(null);
  const [invalid, setInvalid] = useState(false);

  const change = (key: string, field: 'textEn' | 'textFr', value: string) => {
    setItems((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  };
  const move = (index: number, by: -1 | 1) => {
    setItems((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      if (row) next.splice(index + by, 0, row);
      return next;
    });
  };
  const serverError =
    write.error && !(isApiError(write.error) && write.error.kind === 'aborted')
      ? isApiError(write.error) && write.error.details.some((d) => d.message === 'checklists.errors.tooMany')
        ? t('checklists.errors.tooMany')
        : t(`errors.${toErrorCode(write.error)}`)
      : null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = items.map(({ itemId, textEn, textFr }) => ({
          ...(itemId ? { itemId } : {}),
          textEn: textEn.trim(),
          textFr: textFr.trim(),
        }));
        const isInvalid = body.some((item) => !item.textEn || !item.textFr);
        setInvalid(isInvalid);
        if (isInvalid) return;
        write.mutate(
          { items: body },
          {
            onSuccess: (saved) => {
              setItems(toRows(saved.items));
              notifications.show({ color: 'teal', message: t('checklists.editor.saved') });
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        {items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('checklists.editor.empty')}
          </Text>
        )}
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((row, index) => {
            const number = index + 1;
            return (
              <Paper component="li" key={row.key} withBorder radius="md" p="sm">
                <Stack gap="xs">
                  <Group justify="space-between" gap="xs">
                    <Text fw={600} size="sm">
                      {t('checklists.editor.item', { number })}
                    </Text>
                    <Group gap={4}>
                      <ActionIcon
                        variant="default"
                        size="lg"
                        aria-label={t('checklists.editor.moveUpLabel', { number })}
                        title={t('checklists.editor.moveUp')}
                        disabled={index === 0}
                        onClick={() => {
                          move(index, -1);
                        }}
                      >
                        <IconArrowUp size={18} aria-hidden="true" />
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        size="lg"
                        aria-label={t('checklists.editor.moveDownLabel', { number })}
                        title={t('checklists.editor.moveDown')}
                        disabled={index === items.length - 1}
                        onClick={() => {
                          move(index, 1);
                        }}
                      >
                        <IconArrowDown size={18} aria-hidden="true" />
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        color="red"
                        size="lg"
                        aria-label={t('checklists.editor.removeLabel', { number })}
                        title={t('checklists.editor.remove')}
                        onClick={() => {
                          setRemoving(row);
                        }}
                      >
                        <IconTrash size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Group>
                  </Group>
                  {LANGUAGES.map(({ field, lang }) => (
                    <TextInput
                      key={field}
                      label={t(`checklists.editor.${field}`, { number })}
                      lang={lang}
                      required
                      maxLength={TEXT_LIMITS.checklistItem}
                      value={row[field]}
                      error={invalid && !row[field].trim() ? t('validation.required') : undefined}
                      onChange={(event) => {
                        change(row.key, field, event.currentTarget.value);
                      }}
                    />
                  ))}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
        {invalid && (
          <Alert color="red" role="alert">
            {t('checklists.editor.invalid')}
          </Alert>
        )}
        {serverError && (
          <Alert color="red" role="alert" title={t('checklists.editor.failed')}>
            {serverError}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            disabled={items.length >= MAX_CHECKLIST_ITEMS}
            onClick={() => {
              setItems((current) => [...current, { key: newKey(), textEn: '', textFr: '' }]);
            }}
          >
            {t('checklists.editor.add')}
          </Button>
          <Button type="submit" loading={write.isPending}>
            {t('checklists.editor.save')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={removing !== null}
        onClose={() => {
          setRemoving(null);
        }}
        title={t('checklists.editor.removeTitle')}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t('checklists.editor.removeText', { item: removing ? checklistText(removing, locale) : '' })}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              onClick={() => {
                setRemoving(null);
              }}
            >
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                const key = removing?.key;
                setItems((current) => current.filter((row) => row.key !== key));
                setRemoving(null);
              }}
            >
              {t('checklists.editor.removeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
