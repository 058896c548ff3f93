import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { ApiError } from './api-client';
import { createQueryClient, refreshAfterWrite, shouldRetryQuery } from './query-client';

const httpError = (status: number) =>
  new ApiError({ status, code: status === 404 ? 'NOT_FOUND' : 'INTERNAL_ERROR', message: '', kind: 'http' });

describe('shouldRetryQuery', () => {
  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(shouldRetryQuery(0, httpError(status))).toBe(false);
    }
  });

  it('retries server errors, timeouts and network failures a bounded number of times', () => {
    const timeout = new ApiError({ status: 0, code: 'SERVICE_UNAVAILABLE', message: '', kind: 'timeout' });
    expect(shouldRetryQuery(0, httpError(500))).toBe(true);
    expect(shouldRetryQuery(1, timeout)).toBe(true);
    expect(shouldRetryQuery(2, timeout)).toBe(false);
  });

  it('does not retry a cancelled request', () => {
    const aborted = new ApiError({ status: 0, code: 'SERVICE_UNAVAILABLE', message: '', kind: 'aborted' });
    expect(shouldRetryQuery(0, aborted)).toBe(false);
  });
});

describe('refreshAfterWrite', () => {
  it('reads a list again when its first read left before the write, instead of keeping that answer', async () => {
    const client = createQueryClient();
    const key = ['customers', 'admin', 'list', 'zoé'];
    let rows = ['Zoé Roy'];
    let answerFirstRead: () => void = () => undefined;
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => {
        reads += 1;
        const read = [...rows];
        // The first read is slow to answer; the others answer at once. Each answers what it read.
        if (reads > 1) return Promise.resolve(read);
        return new Promise<string[]>((resolve) => {
          answerFirstRead = () => {
            resolve(read);
          };
        });
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    // The search's first read is on its way when the customer is deleted.
    expect(reads).toBe(1);
    rows = [];
    const refreshing = refreshAfterWrite(client, ['customers']);
    answerFirstRead();
    await refreshing;
    expect(client.getQueryData(key)).toEqual([]);
    unsubscribe();
  });
});
