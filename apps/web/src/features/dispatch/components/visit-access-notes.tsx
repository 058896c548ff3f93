import { ACCESS_NOTE_FIELDS, isOverInField, type DispatchVisit } from '@eclat/shared';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useId, useState } from 'react';

import { Detail } from '@/components/ui/detail';
import { isApiError, toErrorCode } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';

import { useVisitAccessNotes } from '../api/get-visit-access-notes';

/**
 * The access notes of a visit's place on My Day (issue 30 §5, decision 065): behind "Show access notes",
 * since each reading is logged and shown to the customer. The server decides who and when (the visit's
 * cleaner, from the day before the visit until its end); a refusal is said in words.
 */
export function VisitAccessNotes({ visit }: { visit: DispatchVisit }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const notes = useVisitAccessNotes(visit.appointmentId, open);
  const panelId = useId();
  if (isOverInField({ status: visit.status, step: visit.step?.step ?? 'planned' })) return null;

  let body = null;
  if (open && notes.isError) {
    const error = notes.error;
    body = (
      <Text size="sm" c="red" role="alert">
        {isApiError(error) && error.kind === 'aborted' ? null : t(`errors.${toErrorCode(error)}`)}
      </Text>
    );
  } else if (open && notes.data) {
    const written = ACCESS_NOTE_FIELDS.filter((field) => notes.data.notes[field] !== null);
    body =
      written.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('accessNotes.visit.none')}
        </Text>
      ) : (
        <Stack component="dl" gap={4} m={0}>
          {written.map((field) => (
            <Detail key={field} term={t(`accessNotes.field.${field}`)}>
              {notes.data.notes[field]}
            </Detail>
          ))}
        </Stack>
      );
  }

  return (
    <Stack gap={6}>
      <Button
        variant="light"
        size="md"
        leftSection={<IconKey size={18} aria-hidden="true" />}
        aria-expanded={open}
        aria-controls={panelId}
        loading={open && notes.isFetching}
        onClick={() => {
          setOpen(!open);
        }}
        style={{ alignSelf: 'flex-start' }}
      >
        {open ? t('accessNotes.visit.hide') : t('accessNotes.visit.show')}
      </Button>
      <div id={panelId} aria-live="polite">
        {open && body && (
          <Paper withBorder radius="sm" p="sm">
            {body}
          </Paper>
        )}
      </div>
    </Stack>
  );
}
