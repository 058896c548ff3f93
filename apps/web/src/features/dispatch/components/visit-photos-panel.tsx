import {
  VISIT_PHOTO_MAX_BYTES,
  VISIT_PHOTOS_PER_KIND,
  VISIT_PROBLEM_KINDS,
  VISIT_PROBLEM_NOTE_MAX,
  type DispatchVisit,
  type VisitPhoto,
  type VisitPhotoKind,
  type VisitProblemKind,
} from '@eclat/shared';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCamera } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

import { isApiError, toErrorCode } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';

import { useReportVisitProblem, useUploadVisitPhoto, useVisitFieldReport } from '../api/visit-photos';
import { VisitPhotoThumbs } from './visit-photo-thumbs';

type Translate = ReturnType<typeof useTranslation>['t'];

/** A refusal in words: the field's own message when the server names one, else its code's. */
function refusalText(t: Translate, error: unknown): string | null {
  if (!error || (isApiError(error) && error.kind === 'aborted')) return null;
  const detail = isApiError(error)
    ? error.details.find((item) => item.message.startsWith('visitPhotos.'))
    : undefined;
  return detail ? t(detail.message) : t(`errors.${toErrorCode(error)}`);
}

type Sending = { key: string; file: File; preview: string };

/** A long label ("Ajouter une photo après (3 sur 10)") wraps on a narrow phone instead of being cut. */
const WRAPPING = {
  h: 'auto',
  mih: 48,
  py: 'xs',
  styles: { label: { whiteSpace: 'normal' as const, textAlign: 'center' as const } },
};

/**
 * A big "take a photo" button: the phone's camera (`capture="environment"`) or its gallery, a preview of the
 * photo while it is sent (the button busy), a refusal in words with "Send again" (same key: stored once).
 */
function PhotoPicker({
  appointmentId,
  kind,
  label,
  full,
  onSent,
}: {
  appointmentId: string;
  kind: VisitPhotoKind;
  label: string;
  full: boolean;
  onSent?: (photo: VisitPhoto) => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadVisitPhoto();
  const [sending, setSending] = useState<Sending | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const preview = sending?.preview;
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const send = (job: Sending) => {
    upload.mutate(
      { appointmentId, kind, key: job.key, file: job.file },
      {
        onSuccess: (photo) => {
          setSending(null);
          onSent?.(photo);
        },
      },
    );
  };
  const choose = (file: File | null) => {
    if (!file || upload.isPending) return;
    upload.reset();
    setTooLarge(file.size > VISIT_PHOTO_MAX_BYTES);
    if (file.size > VISIT_PHOTO_MAX_BYTES) return;
    const job = { key: globalThis.crypto.randomUUID(), file, preview: URL.createObjectURL(file) };
    setSending(job);
    send(job);
  };
  const refusal = tooLarge ? t('visitPhotos.errors.tooLarge') : refusalText(t, upload.error);

  return (
    <Stack gap="xs">
      <FileButton
        onChange={choose}
        accept="image/*"
        capture="environment"
        disabled={upload.isPending || full}
      >
        {(props) => (
          <Button
            {...props}
            {...WRAPPING}
            size="lg"
            fullWidth
            variant="light"
            leftSection={<IconCamera size={20} aria-hidden />}
            loading={upload.isPending}
            disabled={upload.isPending || full}
          >
            {label}
          </Button>
        )}
      </FileButton>
      {sending && (
        <Group gap="sm" wrap="nowrap">
          <Image src={sending.preview} alt={t('visitPhotos.preview')} w={96} h={72} fit="cover" radius="sm" />
          {upload.isError && (
            <Button
              variant="outline"
              onClick={() => {
                send(sending);
              }}
            >
              {t('visitPhotos.sendAgain')}
            </Button>
          )}
        </Group>
      )}
      <Text size="sm" role="status" c="dimmed">
        {upload.isPending ? t('visitPhotos.sending') : upload.isSuccess ? t('visitPhotos.sent') : ''}
      </Text>
      {refusal && (
        <Alert color="red" role="alert" title={t('visitPhotos.failed')}>
          {refusal}
        </Alert>
      )}
    </Stack>
  );
}

/** The problem report's dialog: what it is about, what happened, photos when there are some; the office is emailed. */
function ProblemReport({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation();
  const report = useReportVisitProblem();
  const key = useRef<string | null>(null);
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<VisitProblemKind>('damage');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<VisitPhoto[]>([]);
  const [sent, setSent] = useState(false);
  const refusal = refusalText(t, report.error);

  return (
    <>
      <Button
        {...WRAPPING}
        size="lg"
        fullWidth
        variant="default"
        leftSection={<IconAlertTriangle size={20} color="var(--mantine-color-orange-7)" aria-hidden />}
        onClick={() => {
          report.reset();
          setSent(false);
          setOpen(true);
        }}
      >
        {t('visitPhotos.problem.open')}
      </Button>
      <Text size="sm" role="status">
        {sent ? t('visitPhotos.problem.sent') : ''}
      </Text>
      <Modal
        opened={open}
        onClose={() => {
          if (!report.isPending) setOpen(false);
        }}
        title={t('visitPhotos.problem.title')}
        closeOnEscape={!report.isPending}
        closeOnClickOutside={!report.isPending}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const text = note.trim();
            if (!text || report.isPending) return;
            key.current ??= globalThis.crypto.randomUUID();
            report.mutate(
              {
                appointmentId,
                body: { key: key.current, kind, note: text, photoIds: photos.map((photo) => photo.photoId) },
              },
              {
                onSuccess: () => {
                  key.current = null;
                  setNote('');
                  setPhotos([]);
                  setKind('damage');
                  setOpen(false);
                  setSent(true);
                },
              },
            );
          }}
        >
          <Stack gap="sm">
            <Radio.Group
              label={t('visitPhotos.problem.kind')}
              value={kind}
              onChange={(value) => {
                const chosen = VISIT_PROBLEM_KINDS.find((item) => item === value);
                if (chosen) setKind(chosen);
              }}
            >
              <Stack gap="xs" mt={4}>
                {VISIT_PROBLEM_KINDS.map((item) => (
                  <Radio key={item} value={item} label={t(`visitPhotos.problem.kinds.${item}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={t('visitPhotos.problem.note')}
              required
              autosize
              minRows={3}
              maxLength={VISIT_PROBLEM_NOTE_MAX}
              value={note}
              onChange={(event) => {
                setNote(event.currentTarget.value);
              }}
            />
            <VisitPhotoThumbs appointmentId={appointmentId} photos={photos} />
            <PhotoPicker
              appointmentId={appointmentId}
              kind="problem"
              label={t('visitPhotos.problem.addPhoto')}
              full={photos.length >= VISIT_PHOTOS_PER_KIND}
              onSent={(photo) => {
                setPhotos((list) => [...list, photo]);
              }}
            />
            {refusal && (
              <Alert color="red" role="alert" title={t('visitPhotos.problem.failed')}>
                {refusal}
              </Alert>
            )}
            <Button type="submit" size="lg" fullWidth loading={report.isPending} disabled={report.isPending}>
              {t('visitPhotos.problem.send')}
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/**
 * The next visit's photos on My Day (issue 30 §4, decision 068): "before" and "after" from the phone's camera,
 * each kind's photos so far, and a problem report for the office.
 */
export function VisitPhotosPanel({ visit }: { visit: DispatchVisit }) {
  const { t } = useTranslation();
  const report = useVisitFieldReport(visit.appointmentId);
  if (visit.status === 'cancelled') return null;
  const photos = report.data?.photos ?? [];
  return (
    <Stack gap="sm">
      <Title order={4} size="h5">
        {t('visitPhotos.title')}
      </Title>
      {(['before', 'after'] as const).map((kind) => {
        const ofKind = photos.filter((photo) => photo.kind === kind);
        return (
          <Stack key={kind} gap={6}>
            <VisitPhotoThumbs appointmentId={visit.appointmentId} photos={ofKind} />
            <PhotoPicker
              appointmentId={visit.appointmentId}
              kind={kind}
              label={t(`visitPhotos.add.${kind}`, { count: ofKind.length, max: VISIT_PHOTOS_PER_KIND })}
              full={ofKind.length >= VISIT_PHOTOS_PER_KIND}
            />
          </Stack>
        );
      })}
      <ProblemReport appointmentId={visit.appointmentId} />
    </Stack>
  );
}
