/**
 * The one HTTP client of the app: same-origin fetch with cookies, JSON in and out, the
 * CSRF token as a default header once known, no default time-out and a per-call one on demand. In
 * the native app it sends the bearer token instead, with no cookies and no CSRF token.
 * `callApi('getMessages', {params, query})` is the typed call of the shared route table: it builds
 * the path from the table and answers with the call's response type, inferred from the shared
 * schemas. Only the zod-free half of the table is loaded here (first-load bundle); the schemas are
 * used as types alone. A send with a file goes over XHR for upload progress (upload.ts), with the
 * same errors and CSRF header.
 */
import type { ApiBody, ApiParams, ApiQuery, ApiResponse } from '@stoop/shared';
import { API_ROUTES, type CallName } from '@stoop/shared/api/routes';
import { fillPath } from '@stoop/shared/api/fill-path';
import { CSRF_HEADER } from '@stoop/shared/constants';
import { ApiError } from '../api-error.ts';
import { apiBaseUrl } from '../device/server-url.ts';

/** Codes the client itself assigns when no server answer exists. */
export const CLIENT_ERROR_CODES = { timeout: 'TIMEOUT', network: 'NETWORK_ERROR' } as const;

export { ApiError, isApiError } from '../api-error.ts';

/**
 * The ApiError every failed answer becomes (fetch and XHR alike): it also says whether the message
 * came from the server, and the status text (the create-conversation errors of R-ERR-2 tell the
 * two apart). upload.ts re-exports it under its old path.
 */
export class DetailedApiError extends ApiError {
  readonly statusText: string;
  readonly serverMessage: string | undefined;
  /** The answer's Retry-After in seconds (an overloaded server's 503); undefined without one. */
  retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    statusText: string,
    serverMessage: string | undefined,
    code?: string,
    fieldName?: string,
  ) {
    super(status, serverMessage ?? (statusText || `Request failed with status ${status}`), code, fieldName);
    this.statusText = statusText;
    this.serverMessage = serverMessage;
  }
}

/** A Retry-After header in seconds; its HTTP-date form counts from now. Undefined when absent or unreadable. */
function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

const stringField = (value: unknown, key: string): string | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' ? found : undefined;
};

/** The one error parser: a non-2xx answer's `{message, code, field}` body (or none) as an ApiError. */
export function errorFromAnswer(
  status: number,
  statusText: string,
  body: unknown,
  retryAfter: string | null = null,
): DetailedApiError {
  const error = new DetailedApiError(
    status,
    statusText,
    stringField(body, 'message'),
    stringField(body, 'code'),
    stringField(body, 'field'),
  );
  error.retryAfterSeconds = retryAfterSeconds(retryAfter);
  return error;
}

/** The client's own failure when no answer arrived at all. */
export const networkError = () =>
  new ApiError(
    0,
    'Could not reach the server. Check your connection and try again.',
    CLIENT_ERROR_CODES.network,
  );

/** A response text as JSON when it is JSON, else the text itself (undefined when empty). */
export function parseAnswer(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain values are sent as JSON; FormData goes as multipart with the browser's boundary. */
  body?: unknown;
  /** Abort after this many milliseconds. Unset means no time-out. */
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Let the call outlive the page (sent as the tab closes); small bodies only. */
  keepalive?: boolean;
}

/** Empty means same origin; the native apps are built with STOOP_SERVER_URL (services/device/server-url.ts). */
export const getApiBaseUrl = (): string => apiBaseUrl();

let csrfToken: string | null = null;

/** Sets the token sent as x-csrf-token on every later request (null stops sending it). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function getCsrfToken(): string | null {
  return csrfToken;
}

/**
 * The native app's credentials (R-NATIVE-8, R-NATIVE-11), null in the web app. Installed by
 * platform/start.ts before the first call; the code that reads and keeps the token in the secure
 * store loads lazily (platform/native-session.ts), so the web bundle carries only this record.
 */
interface NativeCredentials {
  platform: string;
  token: string | null;
  /** Settles once the stored token was read: calls wait for it, so none goes out unsigned. */
  ready: Promise<unknown>;
  /** Keeps the token in the secure store (null forgets it). */
  persist: (token: string | null) => Promise<void>;
}

let native: NativeCredentials | null = null;

export function installNativeCredentials(credentials: NativeCredentials): void {
  native = credentials;
}

export const isNativeClient = (): boolean => native !== null;

export const bearerToken = (): string | null => native?.token ?? null;

/** Takes the token of a native sign-in (or null after sign-out) and keeps it; nothing on the web. */
export async function rememberBearerToken(token: string | null): Promise<void> {
  if (!native) return;
  native.token = token;
  await native.persist(token);
}

/** A cross-origin app call carries no cookies: the server answers its origin without credentials mode. */
export const credentialsMode = (): RequestCredentials => (native ? 'omit' : 'include');

/** Who is calling: on the web the CSRF token (the cookie goes by itself); in the app the bearer. */
export function authHeaders(): Record<string, string> {
  if (!native) return csrfToken ? { [CSRF_HEADER]: csrfToken } : {};
  const headers: Record<string, string> = { 'X-Stoop-Client': 'native', 'X-Stoop-Platform': native.platform };
  if (native.token) headers['Authorization'] = `Bearer ${native.token}`;
  return headers;
}

function buildHeaders(options: RequestOptions): Headers {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  if (options.body !== undefined && !(options.body instanceof FormData)) {
    headers.set('Content-Type', 'application/json');
  }
  for (const [name, value] of Object.entries(authHeaders())) headers.set(name, value);
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  return JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  return parseAnswer(await response.text());
}

/** Sends one request and resolves with the parsed JSON body (undefined for 204). */
async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeoutMs);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  try {
    if (native) await native.ready;
    const body = encodeBody(options.body);
    const response = await fetch(`${getApiBaseUrl()}${path}`, {
      method: options.method ?? 'GET',
      credentials: credentialsMode(),
      headers: buildHeaders(options),
      signal: controller.signal,
      ...(body === undefined ? {} : { body }),
      ...(options.keepalive ? { keepalive: true } : {}),
    });
    const parsed = await readBody(response);
    if (!response.ok)
      throw errorFromAnswer(
        response.status,
        response.statusText,
        parsed,
        response.headers.get('retry-after'),
      );
    return parsed as T;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) {
      throw new ApiError(
        0,
        'The server took too long to answer. Please try again.',
        CLIENT_ERROR_CODES.timeout,
      );
    }
    if (options.signal?.aborted) throw error;
    throw networkError();
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

type Shortcut = (path: string, options?: Omit<RequestOptions, 'method'>) => Promise<unknown>;
const withMethod =
  (method: NonNullable<RequestOptions['method']>) =>
  <T>(path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<T> =>
    request<T>(path, { ...options, method });

export const api = {
  get: withMethod('GET'),
  post: withMethod('POST'),
  put: withMethod('PUT'),
  patch: withMethod('PATCH'),
  delete: withMethod('DELETE'),
} satisfies Record<string, Shortcut>;

type Route<N extends CallName> = (typeof API_ROUTES)[N];

type ParamsPart<N extends CallName> =
  ApiParams<N> extends undefined ? { params?: undefined } : { params: ApiParams<N> };
type QueryPart<N extends CallName> =
  ApiQuery<N> extends undefined ? { query?: undefined } : { query?: ApiQuery<N> };
/** A multipart call takes a FormData (or the same fields as JSON). */
type BodyPart<N extends CallName> = Route<N>['encoding'] extends 'multipart'
  ? { body?: ApiBody<N> | FormData }
  : ApiBody<N> extends undefined
    ? { body?: undefined }
    : { body: ApiBody<N> };

export type CallInput<N extends CallName> = ParamsPart<N> &
  QueryPart<N> &
  BodyPart<N> & {
    timeoutMs?: number;
    signal?: AbortSignal;
    keepalive?: boolean;
  };

/** No argument needed when the call has no required part. */
export type CallArgs<N extends CallName> =
  Record<string, never> extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

/** Query values as strings; undefined ones are left out. */
function queryString(query: object | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type Method = NonNullable<RequestOptions['method']>;

/** The method and the filled-in path (with its query) of one call of the route table. */
export function callTarget<N extends CallName>(
  name: N,
  input: { params?: object | undefined; query?: object | undefined } | undefined,
): { method: Method; path: string } {
  const route: { method: string; path: string } = API_ROUTES[name];
  const params = input?.params as Record<string, string> | undefined;
  return {
    method: route.method as Method,
    path: `${fillPath(route.path, params)}${queryString(input?.query ?? undefined)}`,
  };
}

/** One call of the route table; resolves with its parsed answer (undefined for a 204). */
export function callApi<N extends CallName>(name: N, ...[input]: CallArgs<N>): Promise<ApiResponse<N>> {
  const { method, path } = callTarget(name, input);
  const body: unknown = input?.body;
  return request<ApiResponse<N>>(path, {
    method,
    ...(body === undefined ? {} : { body }),
    ...(input?.timeoutMs === undefined ? {} : { timeoutMs: input.timeoutMs }),
    ...(input?.signal ? { signal: input.signal } : {}),
    ...(input?.keepalive ? { keepalive: true } : {}),
  });
}
