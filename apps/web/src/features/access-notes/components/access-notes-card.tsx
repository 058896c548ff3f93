import {
  ACCESS_NOTE_FIELDS,
  ACCESS_NOTE_MAX_LENGTH,
  type AccessNoteField,
  type AccessNoteRead,
  type AccessNoteTexts,
  type Locale,
} from '@eclat/shared';
import { Button, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';

import { notifySuccess } from '@/components/ui/notify';
import { formatBusinessDate, formatBusinessTime } from '@/lib/business-time';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { useErrorToast } from '@/lib/error-toast';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { useMyAccessNotes, useMyAccessNotesReads, useSaveMyAccessNotes } from '../api/my-access-notes';

type Draft = Record<AccessNoteField, string>;
const draftOf = (notes: AccessNoteTexts): Draft => ({
  doorCode: notes.doorCode ?? '',
  alarmCode: notes.alarmCode ?? '',
  keys: notes.keys ?? '',
  pets: notes.pets ?? '',
  parking: notes.parking ?? '',
  other: notes.other ?? '',
});

/**
 * A customer's access notes on their profile (issue 30 §5, decision 065): how to get into their place
 * (door code, alarm code, keys, pets, parking, other), kept encrypted and shown only to the office and to
 * the cleaner of a visit from the day before it; below, who read them, when, and for which visit.
 */
export function AccessNotesCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const notes = useMyAccessNotes(email);
  const reads = useMyAccessNotesReads(email);
  const save = useSaveMyAccessNotes(email);
  const showError = useErrorToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const shown = draft ?? (notes.data ? draftOf(notes.data.notes) : null);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!shown || save.isPending) return;
    save.mutate(shown, {
      onSuccess: () => {
        setDraft(null);
        notifySuccess(t('accessNotes.saved'));
      },
      onError: showError,
    });
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="access-notes-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="access-notes-title">
          {t('accessNotes.title')}
        </Title>
        <Text size="sm">{t('accessNotes.intro')}</Text>
        {notes.isError ? (
          <Text size="sm" c="red" role="alert">
            {t('accessNotes.loadError')}
          </Text>
        ) : !shown ? (
          <Skeleton height={120} />
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              {ACCESS_NOTE_FIELDS.map((field) => (
                <Textarea
                  key={field}
                  label={t(`accessNotes.field.${field}`)}
                  autosize
                  minRows={1}
                  maxLength={ACCESS_NOTE_MAX_LENGTH}
                  value={shown[field]}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setDraft({ ...shown, [field]: value });
                  }}
                />
              ))}
              <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
                {t('accessNotes.save')}
              </Button>
            </Stack>
          </form>
        )}
        <Title order={3} size="h5" mt="sm">
          {t('accessNotes.log.title')}
        </Title>
        <ReadingsLog reads={reads.data} isError={reads.isError} />
      </Stack>
    </Paper>
  );
}

function ReadingsLog({ reads, isError }: { reads: AccessNoteRead[] | undefined; isError: boolean }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const timeZone = useBusinessTimeZone().data;
  if (isError)
    return (
      <Text size="sm" c="red" role="alert">
        {t('accessNotes.log.loadError')}
      </Text>
    );
  if (!reads || !timeZone) return <Skeleton height={24} />;
  if (reads.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('accessNotes.log.empty')}
      </Text>
    );
  return (
    <Stack
      component="ul"
      gap={4}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t('accessNotes.log.title')}
    >
      {reads.map((read) => (
        <Text component="li" size="sm" key={`${read.readAt}-${read.appointmentId ?? ''}`}>
          {readingText(read, timeZone, locale, t)}
        </Text>
      ))}
    </Stack>
  );
}

/** "Émile read your access notes on Thursday, December 3 at 08:12, for your visit of Thursday, December 3." */
export function readingText(
  read: AccessNoteRead,
  timeZone: string,
  locale: Locale,
  t: ReturnType<typeof useTranslation>['t'],
): string {
  const who = read.byOffice
    ? read.readerFirstName
      ? t('accessNotes.log.office', { name: read.readerFirstName })
      : t('accessNotes.log.theOffice')
    : (read.readerFirstName ?? t('accessNotes.log.aCleaner'));
  const values = {
    who,
    date: formatBusinessDate(read.readAt, timeZone, locale),
    time: formatBusinessTime(read.readAt, timeZone, locale),
  };
  return read.visitStartsAt
    ? t('accessNotes.log.forVisit', {
        ...values,
        visit: formatBusinessDate(read.visitStartsAt, timeZone, locale),
      })
    : t('accessNotes.log.read', values);
}
