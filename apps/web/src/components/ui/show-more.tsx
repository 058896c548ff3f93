import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

/** What "Show more" needs of a keyset list (`useKeysetList`). */
export type ShowMoreList = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * "Show more" under a keyset list (decision 024): reads the next page, says so while it loads (the
 * button stays focusable, the status is announced), and is gone at the end, where "All N shown" takes
 * the focus so a keyboard user is not sent back to the top of the page.
 */
export function ShowMore({ list, shown }: { list: ShowMoreList; shown: number }) {
  const { t } = useTranslation();
  const [hasAsked, setHasAsked] = useState(false);
  const endRef = useRef<HTMLParagraphElement>(null);
  const isLoading = list.isFetchingNextPage;
  const isAtEnd = !list.hasNextPage && !isLoading;

  useEffect(() => {
    if (hasAsked && isAtEnd) endRef.current?.focus();
  }, [hasAsked, isAtEnd]);

  if (isAtEnd && !hasAsked) return null;
  return (
    <Stack align="center" gap={4}>
      {!isAtEnd && (
        <Button
          variant="default"
          aria-disabled={isLoading || undefined}
          leftSection={
            isLoading ? (
              <Loader size={14} aria-hidden="true" />
            ) : (
              <IconChevronDown size={16} aria-hidden="true" />
            )
          }
          onClick={() => {
            if (isLoading) return;
            setHasAsked(true);
            void list.fetchNextPage();
          }}
        >
          {isLoading ? t('common.showMore.loading') : t('common.showMore.label')}
        </Button>
      )}
      <Text ref={endRef} tabIndex={-1} size="sm" c="dimmed" role="status" aria-live="polite">
        {hasAsked && !isLoading
          ? t(isAtEnd ? 'common.showMore.all' : 'common.showMore.shown', { count: shown })
          : ''}
      </Text>
    </Stack>
  );
}
