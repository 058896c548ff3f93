import type { VisitPhoto } from '@eclat/shared';
import { Anchor, Group, Image, Skeleton, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';

import { useTranslation } from '@/lib/i18n';

import { useVisitPhotoFile } from '../api/visit-photos';

/** One of a visit's photos, read with the signed-in person's token; it opens full size. */
function Thumb({ appointmentId, photo, label }: { appointmentId: string; photo: VisitPhoto; label: string }) {
  const { t } = useTranslation();
  const file = useVisitPhotoFile(appointmentId, photo.photoId);
  // One address per loaded photo, given back when the photo changes or the list goes.
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data) : null), [file.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  if (file.isError) return <Text size="sm">{t('visitPhotos.photoError', { label })}</Text>;
  if (!url) return <Skeleton width={96} height={72} radius="sm" />;
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" aria-label={label}>
      <Image src={url} alt={label} w={96} h={72} fit="cover" radius="sm" />
    </Anchor>
  );
}

/** A row of a visit's photos, each named by its kind and number ("Before photo 2"). */
export function VisitPhotoThumbs({ appointmentId, photos }: { appointmentId: string; photos: VisitPhoto[] }) {
  const { t } = useTranslation();
  if (photos.length === 0) return null;
  return (
    <Group gap="xs">
      {photos.map((photo, index) => (
        <Thumb
          key={photo.photoId}
          appointmentId={appointmentId}
          photo={photo}
          label={t(`visitPhotos.photoLabel.${photo.kind}`, { number: index + 1 })}
        />
      ))}
    </Group>
  );
}
