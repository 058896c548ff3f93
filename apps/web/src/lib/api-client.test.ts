import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  apiGet,
  apiPost,
  ApiError,
  codeForStatus,
  setAccessTokenGetter,
  setUserEmailGetter,
} from './api-client';
import { apiGetPage, nextPageOf } from './api-page';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

const realFetch = globalThis.fetch;
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

function respondWith(response: Response) {
  fetchMock.mockResolvedValue(response);
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw new Error(`Expected an ApiError, got ${String(error)}`);
  }
  throw new Error('Expected the request to fail');
}

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  globalThis.fetch = fetchMock;
});

afterEach(() => {
  globalThis.fetch = realFetch;
  setAccessTokenGetter(null);
  setUserEmailGetter(null);
});

describe('api client: requests', () => {
  it('calls /api/v1 with JSON headers, the active language and the query string', async () => {
    respondWith(jsonResponse(200, { ok: true }));
    await expect(
      apiGet('/services/search', { query: { title: 'deep clean', page: 0, skip: undefined } }),
    ).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/services/search?title=deep+clean&page=0');
    const headers = new Headers(init?.headers);
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('accept-language')).toBe('en');
    expect(headers.get('authorization')).toBeNull();
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends a JSON body and the bearer token once the auth layer provides one', async () => {
    setAccessTokenGetter(() => Promise.resolve('token-123'));
    respondWith(new Response(null, { status: 204 }));
    await expect(apiPost('/feedbacks', { body: { stars: 5, content: 'Great' } })).resolves.toBeUndefined();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"stars":5,"content":"Great"}');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer token-123');
  });

  it('sends the user-email header with the token, never without it', async () => {
    setUserEmailGetter(() => 'alex@example.com');
    respondWith(jsonResponse(200, {}));
    await apiGet('/appointments/my-appointments');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('x-user-email')).toBeNull();

    setAccessTokenGetter(() => 'token-123');
    respondWith(jsonResponse(200, {}));
    await apiGet('/appointments/my-appointments');
    const headers = new Headers(fetchMock.mock.calls[1]?.[1]?.headers);
    expect(headers.get('authorization')).toBe('Bearer token-123');
    expect(headers.get('x-user-email')).toBe('alex@example.com');
  });

  it('leaves out an email that cannot travel in a header', async () => {
    setAccessTokenGetter(() => 'token-123');
    setUserEmailGetter(() => 'élise@exemple.ca');
    respondWith(jsonResponse(200, {}));
    await apiGet('/appointments/my-appointments');
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('authorization')).toBe('Bearer token-123');
    expect(headers.get('x-user-email')).toBeNull();
  });

  it('parses the response with the given schema', async () => {
    respondWith(jsonResponse(200, { status: 'ok', uptimeSeconds: 3 }));
    const schema = {
      parse: (data: unknown) => {
        if (typeof data !== 'object' || data === null || !('status' in data)) throw new Error('bad');
        return { status: String(data.status) };
      },
    };
    await expect(apiGet('/health', { schema })).resolves.toEqual({ status: 'ok' });
  });

  it('turns a response that does not match the schema into INTERNAL_ERROR', async () => {
    respondWith(jsonResponse(200, { unexpected: true }));
    const schema = {
      parse: (): never => {
        throw new Error('invalid');
      },
    };
    const error = await caught(apiGet('/health', { schema }));
    expect(error).toMatchObject({ status: 200, code: 'INTERNAL_ERROR', kind: 'invalid-response' });
  });
});

describe('api client: errors', () => {
  it('reads the code, message and details of the API error body', async () => {
    respondWith(
      jsonResponse(409, {
        code: 'SLOT_FULL',
        message: 'This slot is full.',
        details: [{ path: 'body.appointmentDate', message: 'errors.slotFull' }],
      }),
    );
    const error = await caught(apiPost('/appointments', { body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'SLOT_FULL',
      message: 'This slot is full.',
      kind: 'http',
    });
    expect(error.details).toEqual([{ path: 'body.appointmentDate', message: 'errors.slotFull' }]);
  });

  it('maps a non-JSON 502 from a proxy to SERVICE_UNAVAILABLE', async () => {
    respondWith(
      new Response('<html><body>Bad Gateway</body></html>', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'content-type': 'text/html' },
      }),
    );
    const error = await caught(apiGet('/services'));
    expect(error).toMatchObject({ status: 502, code: 'SERVICE_UNAVAILABLE', kind: 'http' });
  });

  it('maps a JSON body of the wrong shape by its status', async () => {
    respondWith(jsonResponse(500, { error: 'boom' }));
    const error = await caught(apiGet('/services'));
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', kind: 'http' });
  });

  it('gives a network failure the SERVICE_UNAVAILABLE code', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await caught(apiGet('/services'));
    expect(error).toMatchObject({ status: 0, code: 'SERVICE_UNAVAILABLE', kind: 'network' });
  });

  it('times out a request that does not answer', async () => {
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(init.signal?.reason instanceof Error ? init.signal.reason : new Error('aborted'));
          });
        }),
    );
    const error = await caught(apiGet('/services', { timeoutMs: 20 }));
    expect(error).toMatchObject({ status: 0, code: 'SERVICE_UNAVAILABLE', kind: 'timeout' });
  });

  it('reports a request cancelled by the caller as aborted', async () => {
    // Like the real fetch: rejects at once when the signal is already aborted, else on abort.
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          const abort = () => {
            reject(new DOMException('The operation was aborted.', 'AbortError'));
          };
          if (init?.signal?.aborted) abort();
          init?.signal?.addEventListener('abort', abort);
        }),
    );
    const controller = new AbortController();
    const pending = caught(apiGet('/services', { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error).toMatchObject({ status: 0, code: 'SERVICE_UNAVAILABLE', kind: 'aborted' });
  });
});

describe('codeForStatus', () => {
  it('maps the statuses a proxy or the platform may answer without our error body', () => {
    expect(codeForStatus(401)).toBe('UNAUTHENTICATED');
    expect(codeForStatus(403)).toBe('FORBIDDEN');
    expect(codeForStatus(404)).toBe('NOT_FOUND');
    expect(codeForStatus(413)).toBe('PAYLOAD_TOO_LARGE');
    expect(codeForStatus(429)).toBe('RATE_LIMITED');
    expect(codeForStatus(503)).toBe('SERVICE_UNAVAILABLE');
    expect(codeForStatus(504)).toBe('SERVICE_UNAVAILABLE');
    expect(codeForStatus(500)).toBe('INTERNAL_ERROR');
    expect(codeForStatus(418)).toBe('BAD_REQUEST');
  });
});

describe('api client: keyset pages (decision 024)', () => {
  it('reads the next page from the Link header, as a path under the API', () => {
    expect(nextPageOf('</api/v1/customers?q=am%C3%A9lie&before=x_1&limit=50>; rel="next"')).toBe(
      '/customers?q=am%C3%A9lie&before=x_1&limit=50',
    );
    expect(nextPageOf(null)).toBeNull();
    expect(nextPageOf('</api/v1/customers?before=x>; rel="prev"')).toBeNull();
    // Only this API is followed.
    expect(nextPageOf('<https://elsewhere.example/api/v1/customers>; rel="next"')).toBeNull();
  });

  it('gives the rows and the next page; the next page is asked for as the link says', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify([{ n: 1 }]), {
        status: 200,
        headers: {
          'content-type': 'application/json',
          link: '</api/v1/feedbacks?before=a_b&limit=1>; rel="next"',
        },
      }),
    );
    const schema = { parse: (data: unknown) => data as { n: number }[] };
    const first = await apiGetPage('/feedbacks', { schema, query: { limit: 1 } });
    expect(first).toEqual({ items: [{ n: 1 }], next: '/feedbacks?before=a_b&limit=1' });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, []));
    expect(await apiGetPage(first.next ?? '', { schema })).toEqual({ items: [], next: null });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/v1/feedbacks?before=a_b&limit=1');
  });
});
