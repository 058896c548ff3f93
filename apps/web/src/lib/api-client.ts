import { API_TIMEOUT_MS, ERROR_CODES, type ErrorBody, type ErrorCode, type ErrorDetail } from '@eclat/shared';

import { getActiveLanguage } from './i18n';

/** Every call of the spec (§7) goes to the API version 1 on the same origin. */
export const API_BASE_URL = '/api/v1';

/** What went wrong: the server answered with an error, or no usable answer came back. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid-response';

type ApiErrorInit = {
  status: number;
  code: ErrorCode;
  message: string;
  details?: readonly ErrorDetail[];
  kind: ApiErrorKind;
  cause?: unknown;
};

/**
 * The one error type of the client. `code` is a stable ErrorCode the UI translates
 * (`errors.<code>`); `message` is the server's English text, for logs only. `status` is 0 when no
 * HTTP response arrived (network failure, timeout, abort).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: readonly ErrorDetail[];
  readonly kind: ApiErrorKind;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.kind = init.kind;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The translatable code of any thrown value; unknown errors count as INTERNAL_ERROR. */
export function toErrorCode(error: unknown): ErrorCode {
  return isApiError(error) ? error.code : 'INTERNAL_ERROR';
}

/** Any schema with a zod-like `parse` (every schema of @eclat/shared qualifies). */
export type ResponseSchema<T> = { parse: (data: unknown) => T };

type AccessTokenGetter = () => string | null | undefined | Promise<string | null | undefined>;
type UserEmailGetter = AccessTokenGetter;

/** The spec's user-email header (§7). The server takes identity from the token only. */
export const USER_EMAIL_HEADER = 'X-User-Email';

let accessTokenGetter: AccessTokenGetter | null = null;
let userEmailGetter: UserEmailGetter | null = null;

/** Called by the auth layer once it knows how to read the current access token. */
export function setAccessTokenGetter(getter: AccessTokenGetter | null): void {
  accessTokenGetter = getter;
}

/** Called by the auth layer: the signed-in user's email, sent as X-User-Email with the token. */
export function setUserEmailGetter(getter: UserEmailGetter | null): void {
  userEmailGetter = getter;
}

/** Header values must be visible ASCII; an internationalised address is left out rather than mangled. */
function isHeaderSafe(value: string): boolean {
  return /^[\x21-\x7e]+$/.test(value);
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  /** Query string parameters; null and undefined values are left out. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  headers?: Record<string, string>;
  /** Cancels the request (TanStack Query passes one to every query function). */
  signal?: AbortSignal;
  /** Defaults to API_TIMEOUT_MS (spec §9). */
  timeoutMs?: number;
};

export type BodyRequestOptions = RequestOptions & {
  /** Sent as JSON, except FormData, Blob and URLSearchParams, which fetch encodes itself. */
  body?: unknown;
};

export type WithSchema<T> = { schema: ResponseSchema<T> };
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** HTTP status to error code, for error responses that do not carry our JSON error body. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 422:
      return 'VALIDATION_ERROR';
    case 429:
      return 'RATE_LIMITED';
    case 502:
    case 503:
    case 504:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL_ERROR';
  }
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(raw) ? raw : [raw as QueryValue];
    for (const value of values) {
      if (value !== null && value !== undefined) params.append(key, String(value));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isRawBody(body: unknown): body is FormData | Blob | URLSearchParams {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof URLSearchParams
  );
}

async function buildHeaders(options: BodyRequestOptions, hasJsonBody: boolean): Promise<Headers> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getActiveLanguage() });
  if (hasJsonBody) headers.set('Content-Type', 'application/json');
  const token = accessTokenGetter ? await accessTokenGetter() : null;
  if (token) {
    headers.set('Authorization', `Bearer ${token}`);
    const email = userEmailGetter ? await userEmailGetter() : null;
    if (email && isHeaderSafe(email)) headers.set(USER_EMAIL_HEADER, email);
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
}

export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/**
 * Our JSON error body (`{ code, message, details? }`, decision 003), read without a schema library: this
 * module loads on the first visit, where every kilobyte counts.
 */
export function readErrorBody(body: unknown): ErrorBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, message, details } = body as Record<string, unknown>;
  if (typeof code !== 'string' || !KNOWN_CODES.has(code) || typeof message !== 'string') return null;
  const validDetails =
    Array.isArray(details) &&
    details.every(
      (detail: unknown) =>
        typeof detail === 'object' &&
        detail !== null &&
        typeof (detail as Record<string, unknown>).path === 'string' &&
        typeof (detail as Record<string, unknown>).message === 'string',
    );
  return {
    code: code as ErrorCode,
    message,
    ...(validDetails ? { details: details as ErrorDetail[] } : {}),
  };
}

function toHttpError(response: Response, body: unknown): ApiError {
  const parsed = readErrorBody(body);
  if (parsed) {
    return new ApiError({
      status: response.status,
      code: parsed.code,
      message: parsed.message,
      details: parsed.details,
      kind: 'http',
    });
  }
  return new ApiError({
    status: response.status,
    code: codeForStatus(response.status),
    message: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
    kind: 'http',
  });
}

function toTransportError(error: unknown, timeout: AbortSignal, caller: AbortSignal | undefined): ApiError {
  if (isApiError(error)) return error;
  if (timeout.aborted) {
    return new ApiError({
      status: 0,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The request timed out.',
      kind: 'timeout',
      cause: error,
    });
  }
  if (caller?.aborted) {
    return new ApiError({
      status: 0,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The request was cancelled.',
      kind: 'aborted',
      cause: error,
    });
  }
  return new ApiError({
    status: 0,
    code: 'SERVICE_UNAVAILABLE',
    message: 'The server could not be reached.',
    kind: 'network',
    cause: error,
  });
}

/**
 * Sends one request and reads its body under the same timeout (API_TIMEOUT_MS by default) and the
 * caller's abort signal. Any failure before a complete response becomes an ApiError.
 */
export async function exchange<R>(
  method: HttpMethod,
  path: string,
  options: BodyRequestOptions,
  read: (response: Response) => Promise<R>,
): Promise<{ response: Response; body: R }> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const { body } = options;
  const hasBody = body !== undefined;
  const hasJsonBody = hasBody && !isRawBody(body);
  let response: Response;
  try {
    const headers = await buildHeaders(options, hasJsonBody);
    response = await globalThis.fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: hasBody ? (hasJsonBody ? JSON.stringify(body) : (body as BodyInit)) : undefined,
      signal,
    });
  } catch (error) {
    throw toTransportError(error, timeout, options.signal);
  }
  if (!response.ok) {
    const errorBody = await readBody(response).catch(() => undefined);
    throw toHttpError(response, errorBody);
  }
  try {
    return { response, body: await read(response) };
  } catch (error) {
    throw toTransportError(error, timeout, options.signal);
  }
}

async function request(
  method: HttpMethod,
  path: string,
  options: BodyRequestOptions & Partial<WithSchema<unknown>>,
): Promise<unknown> {
  const { response, body } = await exchange(method, path, options, readBody);
  return options.schema ? parseResponse(options.schema, body, { response, method, path }) : body;
}

/** The body checked with the route's schema; a body of another shape is an `invalid-response` error. */
export function parseResponse<T>(
  schema: ResponseSchema<T>,
  body: unknown,
  from: { response: Response; method: HttpMethod; path: string },
): T {
  try {
    return schema.parse(body);
  } catch (error) {
    throw new ApiError({
      status: from.response.status,
      code: 'INTERNAL_ERROR',
      message: `Unexpected response shape for ${from.method} ${from.path}.`,
      kind: 'invalid-response',
      cause: error,
    });
  }
}

export function apiGet<T>(path: string, options: RequestOptions & WithSchema<T>): Promise<T>;
export function apiGet(path: string, options?: RequestOptions): Promise<unknown>;
export function apiGet(path: string, options: RequestOptions & Partial<WithSchema<unknown>> = {}) {
  return request('GET', path, options);
}

export function apiPost<T>(path: string, options: BodyRequestOptions & WithSchema<T>): Promise<T>;
export function apiPost(path: string, options?: BodyRequestOptions): Promise<unknown>;
export function apiPost(path: string, options: BodyRequestOptions & Partial<WithSchema<unknown>> = {}) {
  return request('POST', path, options);
}

export function apiPut<T>(path: string, options: BodyRequestOptions & WithSchema<T>): Promise<T>;
export function apiPut(path: string, options?: BodyRequestOptions): Promise<unknown>;
export function apiPut(path: string, options: BodyRequestOptions & Partial<WithSchema<unknown>> = {}) {
  return request('PUT', path, options);
}

export function apiPatch<T>(path: string, options: BodyRequestOptions & WithSchema<T>): Promise<T>;
export function apiPatch(path: string, options?: BodyRequestOptions): Promise<unknown>;
export function apiPatch(path: string, options: BodyRequestOptions & Partial<WithSchema<unknown>> = {}) {
  return request('PATCH', path, options);
}

export function apiDelete<T>(path: string, options: BodyRequestOptions & WithSchema<T>): Promise<T>;
export function apiDelete(path: string, options?: BodyRequestOptions): Promise<unknown>;
export function apiDelete(path: string, options: BodyRequestOptions & Partial<WithSchema<unknown>> = {}) {
  return request('DELETE', path, options);
}

export type BlobRequestOptions = RequestOptions & {
  /** Told the bytes received so far as they arrive (the body is read as a stream). */
  onProgress?: (bytesReceived: number) => void;
};

/** The body as a Blob; read chunk by chunk when someone follows the progress. */
async function readBlob(response: Response, onProgress?: (bytesReceived: number) => void): Promise<Blob> {
  const reader = onProgress ? response.body?.getReader() : undefined;
  if (!reader || !onProgress) return response.blob();
  const chunks: BlobPart[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
}

/** Downloads a binary response (the appointments PDF) with the same headers and error handling. */
export async function apiGetBlob(path: string, options: BlobRequestOptions = {}): Promise<Blob> {
  const { body } = await exchange('GET', path, options, (response) => readBlob(response, options.onProgress));
  return body;
}
