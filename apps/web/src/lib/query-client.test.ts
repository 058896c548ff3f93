import { describe, expect, it } from 'vitest';

import { ApiError } from './api-client';
import { shouldRetryQuery } from './query-client';

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
