import {
  checklistText,
  TEXT_LIMITS,
  unansweredItems,
  type ChecklistAnswerInput,
  type Locale,
  type VisitChecklistItem,
} from '@eclat/shared';
import { Alert, Button, Checkbox, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';

import { isApiError, toErrorCode } from '@/lib/api-client';
import { useAnswerChecklistItem, useVisitChecklist } from '@/lib/api/checklists';
import { useTranslation } from '@/lib/i18n';

/** A whole row is the checkbox's target: at least 48 px high on a phone. */
const BIG_ROW = {
  body: { alignItems: 'center', minHeight: 48 },
  labelWrapper: { flex: 1 },
  label: { fontSize: 'var(--mantine-font-size-md)', paddingTop: 10, paddingBottom: 10, cursor: 'pointer' },
} as const;

/**
 * The next visit's checklist on My Day (issue 30 §3, decision 064): a big checkbox per item, and for an
 * item left unticked a note saying why. What is still to answer is listed above the step buttons, so
 * the cleaner knows before pressing Done (the server refuses it the same way, CHECKLIST_INCOMPLETE).
 */
export function VisitChecklist({ appointmentId, locale }: { appointmentId: string; locale: Locale }) {
  const { t } = useTranslation();
  const checklist = useVisitChecklist(appointmentId);
  const answer = useAnswerChecklistItem(appointmentId);
  const items = checklist.data?.items ?? [];
  if (items.length === 0) return null;
  const missing = unansweredItems(items);
  const headingId = `checklist-${appointmentId}`;
  const send = (item: VisitChecklistItem, body: ChecklistAnswerInput, onDone?: () => void) => {
    answer.mutate({ itemId: item.itemId, answer: body }, { onSuccess: onDone });
  };
  const error = answer.error;
  const errorText =
    error && !(isApiError(error) && error.kind === 'aborted') ? t(`errors.${toErrorCode(error)}`) : null;

  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId}>
      <Title order={4} size="h5" id={headingId}>
        {t('checklists.day.title')}
      </Title>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Paper component="li" key={item.itemId} withBorder radius="md" px="sm" py={4}>
            <Checkbox
              size="lg"
              styles={BIG_ROW}
              label={checklistText(item, locale)}
              checked={item.ticked}
              disabled={answer.isPending}
              onChange={(event) => {
                const ticked = event.currentTarget.checked;
                send(item, ticked ? { ticked } : { ticked, ...(item.note ? { note: item.note } : {}) });
              }}
            />
            {!item.ticked && (
              <ItemNote
                item={item}
                label={checklistText(item, locale)}
                isSending={answer.isPending}
                onSave={(note, onDone) => {
                  send(item, { ticked: false, note }, onDone);
                }}
              />
            )}
          </Paper>
        ))}
      </Stack>
      {missing.length > 0 && (
        <Alert color="yellow" role="status">
          <Text size="sm" fw={700}>
            {t('checklists.day.missing', { count: missing.length })}
          </Text>
          <List size="sm">
            {missing.map((item) => (
              <List.Item key={item.itemId}>{checklistText(item, locale)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {errorText && (
        <Alert color="red" role="alert" title={t('checklists.day.failed')}>
          {errorText}
        </Alert>
      )}
    </Stack>
  );
}

/** An unticked item's note: shown once written; "Not done? Add a note" opens its field. */
function ItemNote({
  item,
  label,
  isSending,
  onSave,
}: {
  item: VisitChecklistItem;
  label: string;
  isSending: boolean;
  onSave: (note: string, onDone: () => void) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null)
    return (
      <Stack gap={4} pb={6}>
        {item.note && (
          <Text size="sm">
            {t('checklists.day.noteShown')} {item.note}
          </Text>
        )}
        <Button
          variant="subtle"
          size="md"
          mih={44}
          px="xs"
          style={{ alignSelf: 'flex-start' }}
          aria-label={t(item.note ? 'checklists.day.editNoteLabel' : 'checklists.day.addNoteLabel', {
            item: label,
          })}
          onClick={() => {
            setDraft(item.note ?? '');
          }}
        >
          {t(item.note ? 'checklists.day.editNote' : 'checklists.day.addNote')}
        </Button>
      </Stack>
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const note = draft.trim();
        if (note)
          onSave(note, () => {
            setDraft(null);
          });
      }}
    >
      <Stack gap="xs" pb="xs">
        <Textarea
          label={t('checklists.day.noteLabel', { item: label })}
          autosize
          minRows={2}
          maxLength={TEXT_LIMITS.checklistNote}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
          }}
        />
        <Button type="submit" size="md" loading={isSending} disabled={!draft.trim()}>
          {t('checklists.day.saveNote')}
        </Button>
      </Stack>
    </form>
  );
}
