import { Anchor, Group, Image, Skeleton, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';

import { useTranslation } from '@/lib/i18n';

import { useQuotePhoto } from '../api/get-quote-photo';

function Photo({ quoteId, index }: { quoteId: string; index: number }) {
  const { t } = useTranslation();
  const photo = useQuotePhoto(quoteId, index);
  // One address per loaded photo, given back when the photo changes or the card goes.
  const url = useMemo(() => (photo.data ? URL.createObjectURL(photo.data) : null), [photo.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  const label = t('quotes.photo', { number: index + 1 });
  if (photo.isError) return <Text size="sm">{t('quotes.photoError', { number: index + 1 })}</Text>;
  if (!url) return <Skeleton width={96} height={72} radius="sm" />;
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" aria-label={label}>
      <Image src={url} alt={label} w={96} h={72} fit="cover" radius="sm" />
    </Anchor>
  );
}

/** A request's photos, loaded with the signed-in person's token; each opens full size. */
export function QuotePhotos({ quoteId, count }: { quoteId: string; count: number }) {
  if (count === 0) return null;
  return (
    <Group gap="xs">
      {Array.from({ length: count }, (_, index) => (
        <Photo key={index} quoteId={quoteId} index={index} />
      ))}
    </Group>
  );
}
