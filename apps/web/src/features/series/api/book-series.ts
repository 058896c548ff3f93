import { seriesDetailSchema, type BookSeriesInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { invalidateSeries } from './keys';

export type BookSeriesVariables = {
  customerId: string;
  input: BookSeriesInput;
  /** The same key on every retry of one checkout (or one admin form): the series is booked once. */
  idempotencyKey: string;
};

/**
 * `POST /series/customers/{customerId}` (the customer's own record, or an admin): the first visit is
 * booked like a one-off one (same refusals); the next ones are planned, flagged when no cleaner is free.
 */
export function bookSeries({ customerId, input, idempotencyKey }: BookSeriesVariables) {
  return apiPost(`/series/customers/${encodeURIComponent(customerId)}`, {
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: seriesDetailSchema,
  });
}

export function useBookSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookSeries,
    onSettled: () => {
      // Not awaited: the caller's own callbacks (a toast) run even if the refetch unmounts it.
      void invalidateSeries(queryClient);
    },
  });
}
