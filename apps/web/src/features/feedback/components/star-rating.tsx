import { Group } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { MAX_STARS } from '@eclat/shared';

/** Stars drawn for the eye; `label` ("4 out of 5 stars") is what assistive technology reads. */
export function StarRating({ stars, label }: { stars: number; label: string }) {
  return (
    <Group gap={2} role="img" aria-label={label} wrap="nowrap">
      {Array.from({ length: MAX_STARS }, (_, index) =>
        index < stars ? (
          <IconStarFilled key={index} size={18} aria-hidden="true" color="var(--mantine-color-coral-7)" />
        ) : (
          <IconStar key={index} size={18} aria-hidden="true" color="var(--mantine-color-gray-6)" />
        ),
      )}
    </Group>
  );
}
