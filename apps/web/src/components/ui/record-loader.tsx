import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '@/lib/navigation';

import { isApiError } from '@/lib/api-client';

import { LoadErrorAlert } from './query-states';

type RecordLoaderProps<Data> = {
  /** The query of the record named in the URL. */
  query: UseQueryResult<Data>;
  /** False when the id in the URL cannot be one (the query is then not sent). */
  isIdValid: boolean;
  /** Where the "back" button of the not-found and failed states goes. */
  backTo: string;
  /** Translated texts of the states. */
  labels: { loading: string; notFoundTitle: string; notFound: string; fetchFailed: string; back: string };
  /** The screen for the loaded record, usually its edit form. */
  children: (record: Data) => ReactNode;
};

/**
 * Loads the record an edit screen is about, then shows it: a loader while it comes; an invalid or
 * unknown id says so, with a way back; any other failure offers Retry and the way back.
 */
export function RecordLoader<Data>({ query, isIdValid, backTo, labels, children }: RecordLoaderProps<Data>) {
  const backButton = (
    <Button component={Link} to={backTo} variant="default" size="xs">
      {labels.back}
    </Button>
  );

  if (!isIdValid || (isApiError(query.error) && query.error.status === 404)) {
    return <LoadErrorAlert title={labels.notFoundTitle} message={labels.notFound} action={backButton} />;
  }
  if (query.isPending) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Stack align="center" gap="sm">
          <Loader aria-hidden="true" />
          <Text>{labels.loading}</Text>
        </Stack>
      </Center>
    );
  }
  if (query.isError) {
    return (
      <LoadErrorAlert message={labels.fetchFailed} onRetry={() => void query.refetch()} action={backButton} />
    );
  }
  return children(query.data);
}
