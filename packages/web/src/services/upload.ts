/**
 * Requests over XMLHttpRequest, for the two things the fetch client cannot give: upload progress
 * (sends that carry a file) and the raw status text next to the server's own message (the create
 * conversation errors of SPEC 8 tell the two apart). Results and errors match the api client's:
 * an ApiError (here DetailedApiError) with status, message and code; status 0 for network failures.
 */
import { CSRF_HEADER } from '@stoop/shared/constants';
import { ApiError, CLIENT_ERROR_CODES, getApiBaseUrl, getCsrfToken } from './api.ts';

/** An ApiError that also says whether the message came from the server, and the status text. */
export class DetailedApiError extends ApiError {
  readonly statusText: string;
  readonly serverMessage: string | undefined;

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

export interface UploadOptions {
  /** Called with a 0..1 fraction while the body is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const field = (value: unknown, key: string): string | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' ? found : undefined;
};

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Multipart POST reporting upload progress. */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return xhrRequest<T>('POST', path, form, options);
}

/** One request; FormData goes as multipart, anything else as JSON. */
export function xhrRequest<T>(
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
  options: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${getApiBaseUrl()}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const isForm = body instanceof FormData;
    if (!isForm) xhr.setRequestHeader('Content-Type', 'application/json');
    const token = getCsrfToken();
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const answer = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(answer as T);
        return;
      }
      reject(
        new DetailedApiError(
          xhr.status,
          xhr.statusText,
          field(answer, 'message'),
          field(answer, 'code'),
          field(answer, 'field'),
        ),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiError(
          0,
          'Could not reach the server. Check your connection and try again.',
          CLIENT_ERROR_CODES.network,
        ),
      );
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(isForm ? body : JSON.stringify(body));
  });
}
