import {
  Alert,
  Button,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  type MantineRadius,
  type MantineSize,
  type MantineSpacing,
  type SimpleGridProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

/**
 * The three states every list and table shows around its data: grey blocks while it loads, a red
 * alert with a way out when it cannot load, and a dimmed line when there is nothing to show.
 */

type LoadingSkeletonProps = {
  /** How many grey blocks. */
  count?: number;
  height?: number;
  radius?: MantineRadius;
  /** Between blocks: `sm` in a column, Mantine's default in a grid. */
  gap?: MantineSpacing;
  /** Blocks side by side (a grid of cards) instead of one under the other. */
  cols?: SimpleGridProps['cols'];
};

/** Rows (or cards) of grey while a list loads, announced as busy. */
export function LoadingSkeleton({ count = 4, height = 40, radius = 'sm', gap, cols }: LoadingSkeletonProps) {
  const { t } = useTranslation();
  const blocks = Array.from({ length: count }, (_, index) => (
    <Skeleton key={index} height={height} radius={radius} />
  ));
  if (cols !== undefined) {
    return (
      <SimpleGrid cols={cols} spacing={gap} aria-busy="true" aria-label={t('common.loading')}>
        {blocks}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap={gap ?? 'sm'} aria-busy="true" aria-label={t('common.loading')}>
      {blocks}
    </Stack>
  );
}

/** One grey block the size of the form (or card) that is loading, announced as busy. */
export function BlockSkeleton({ height }: { height: number }) {
  const { t } = useTranslation();
  return <Skeleton height={height} radius="md" aria-busy="true" aria-label={t('common.loading')} />;
}

/** Retry, or another way out of a load error. */
export type LoadErrorWayOut =
  | {
      /** Shows Retry (and `action` beside it, if any). */
      onRetry: () => void;
      action?: ReactNode;
    }
  | {
      /** Another way out than Retry (back to the list...). */
      action: ReactNode;
      onRetry?: never;
    };

type LoadErrorAlertProps = { title?: string; message: ReactNode } & LoadErrorWayOut;

/** What could not be loaded (spec §8), and Retry or another way out. */
export function LoadErrorAlert({ title, message, onRetry, action }: LoadErrorAlertProps) {
  const { t } = useTranslation();
  const retry = onRetry && (
    <Button variant="default" size="xs" onClick={onRetry}>
      {t('common.retry')}
    </Button>
  );
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && action ? (
          <Group gap="sm">
            {retry}
            {action}
          </Group>
        ) : (
          (retry ?? action)
        )}
      </Stack>
    </Alert>
  );
}

/** A small card's "could not be loaded" in one line, and Retry under it (the profile's cards). */
export function InlineLoadError({ message, onRetry }: { message: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" c="red" role="alert">
        {message}
      </Text>
      <Button variant="default" size="xs" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Stack>
  );
}

/** The dimmed line of a list with nothing to show, announced as a status. */
export function EmptyState({ children, size }: { children: ReactNode; size?: MantineSize }) {
  return (
    <Text role="status" c="dimmed" ta="center" py="xl" size={size}>
      {children}
    </Text>
  );
}
