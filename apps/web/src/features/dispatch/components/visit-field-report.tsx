import type { Locale, VisitPhoto } from '@eclat/shared';
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCamera } from '@tabler/icons-react';

import { LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { formatBusinessDateTime } from '@/lib/business-time';
import { useTranslation } from '@/lib/i18n';

import { useVisitFieldReport } from '../api/visit-photos';
import { VisitPhotoThumbs } from './visit-photo-thumbs';

/**
 * The office's view of a visit's field report (issue 30 §4, decision 068), on the admin's visit page:
 * the problem reports first (what, the cleaner's note, who and when, their photos), then the before and
 * after photos.
 */
export function VisitFieldReport({
  appointmentId,
  timeZone,
  locale,
}: {
  appointmentId: string;
  timeZone: string;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const report = useVisitFieldReport(appointmentId);
  let body;
  if (report.isPending) body = <LoadingSkeleton count={2} height={72} gap="sm" />;
  else if (report.isError)
    body = (
      <LoadErrorAlert
        message={t('visitPhotos.report.loadError')}
        onRetry={() => {
          void report.refetch();
        }}
      />
    );
  else {
    const { problems, photos } = report.data;
    const ofKind = (kind: VisitPhoto['kind']) => photos.filter((photo) => photo.kind === kind);
    body =
      problems.length === 0 && photos.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('visitPhotos.report.none')}
        </Text>
      ) : (
        <Stack gap="md">
          {problems.map((problem) => (
            <Alert
              key={problem.problemId}
              color="red"
              icon={<IconAlertTriangle size={20} aria-hidden />}
              title={t(`visitPhotos.problem.kinds.${problem.kind}`)}
            >
              <Stack gap="xs">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {problem.note}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('visitPhotos.report.by', {
                    name: problem.byFirstName ?? t('visitPhotos.report.office'),
                    when: formatBusinessDateTime(problem.createdAt, timeZone, locale),
                  })}
                </Text>
                <VisitPhotoThumbs appointmentId={appointmentId} photos={problem.photos} />
              </Stack>
            </Alert>
          ))}
          {(['before', 'after', 'problem'] as const).map((kind) =>
            ofKind(kind).length === 0 ? null : (
              <Stack key={kind} gap={4}>
                <Text size="sm" fw={600}>
                  {t(`visitPhotos.kinds.${kind}`)}
                </Text>
                <VisitPhotoThumbs appointmentId={appointmentId} photos={ofKind(kind)} />
              </Stack>
            ),
          )}
        </Stack>
      );
  }
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      aria-labelledby="field-report-heading"
    >
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconCamera size={22} aria-hidden="true" />
          <Title order={2} size="h3" id="field-report-heading">
            {t('visitPhotos.report.title')}
          </Title>
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
