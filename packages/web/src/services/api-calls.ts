/**
 * The typed client of the shared route table (@stoop/shared api/): `callApi('getMessages', {params,
 * query})` builds the path from the table and answers with the call's response type, inferred from
 * the shared schemas. Only the zod-free half of the table is loaded here (first-load bundle); the
 * schemas are used as types alone. Calls go over fetch (api.ts); `upload` switches one call to XHR
 * for upload progress (upload.ts), with the same errors and CSRF header.
 */
import type { ApiBody, ApiParams, ApiQuery, ApiResponse } from '@stoop/shared';
import { API_ROUTES, fillPath, type CallName } from '@stoop/shared/api/routes';
import { request } from './api.ts';
import { xhrRequest, type UploadOptions } from './upload.ts';

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

type CallInput<N extends CallName> = ParamsPart<N> &
  QueryPart<N> &
  BodyPart<N> & {
    timeoutMs?: number;
    signal?: AbortSignal;
    /** Send over XHR and report upload progress (a send with a file). */
    upload?: UploadOptions;
  };

/** No argument needed when the call has no required part. */
type CallArgs<N extends CallName> =
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

/** One call of the route table; resolves with its parsed answer (undefined for a 204). */
export function callApi<N extends CallName>(name: N, ...[input]: CallArgs<N>): Promise<ApiResponse<N>> {
  const route: { method: string; path: string } = API_ROUTES[name];
  const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const params = input?.params as Record<string, string> | undefined;
  const path = `${fillPath(route.path, params)}${queryString(input?.query ?? undefined)}`;
  const body: unknown = input?.body;
  if (input?.upload && method !== 'GET' && method !== 'DELETE') {
    return xhrRequest<ApiResponse<N>>(method, path, body, input.upload);
  }
  return request<ApiResponse<N>>(path, {
    method,
    ...(body === undefined ? {} : { body }),
    ...(input?.timeoutMs === undefined ? {} : { timeoutMs: input.timeoutMs }),
    ...(input?.signal ? { signal: input.signal } : {}),
  });
}
