import { errorBodySchema, type ErrorCode, type ErrorDetail } from '@eclat/shared';
import { vi } from 'vitest';

import en from '../../public/locales/en/translation.json';
import fr from '../../public/locales/fr/translation.json';

/** One request the page sent to the API, as the handler sees it. */
export type ApiRequest = { method: string; path: string; query: URLSearchParams; body: unknown };

/** What the API answers: a status and a JSON body, or never (a request still on its way). */
export type ApiAnswer = { status: number; body: unknown } | 'pending';

type Schema<T> = { parse: (data: unknown) => T };

/** A 200 whose body is checked with the route's shared schema, so an answer never drifts from the API's. */
export function ok<T>(schema: Schema<T>, value: T): ApiAnswer {
  return { status: 200, body: schema.parse(value) };
}

/** An error answer in the API's one error shape. */
export function fail(status: number, code: ErrorCode, details?: ErrorDetail[]): ApiAnswer {
  return {
    status,
    body: errorBodySchema.parse({ code, message: `${code} (test)`, ...(details && { details }) }),
  };
}

const CATALOGUES: Record<string, unknown> = {
  '/locales/en/translation.json': en,
  '/locales/fr/translation.json': fr,
};

/**
 * Stands in for the network (the API is outside the unit): `globalThis.fetch` answers the translation
 * catalogues from the repository's files and every `/api/v1/...` request with `handle`. An unanswered
 * request fails the test. Returns the requests sent, in order.
 */
export function answerApi(handle: (request: ApiRequest) => ApiAnswer | undefined): ApiRequest[] {
  const sent: ApiRequest[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://test',
    );
    const catalogue = CATALOGUES[url.pathname];
    if (catalogue) return Promise.resolve(Response.json(catalogue));
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: ApiRequest = { method: init?.method ?? 'GET', path, query: url.searchParams, body };
    sent.push(request);
    const answer = handle(request);
    if (!answer)
      return Promise.reject(new Error(`No answer for ${request.method} ${url.pathname}${url.search}`));
    if (answer === 'pending') return new Promise<Response>(() => undefined);
    return Promise.resolve(Response.json(answer.body, { status: answer.status }));
  };
  vi.stubGlobal('fetch', fetch);
  return sent;
}
