/**
 * Requests over XMLHttpRequest, for what the fetch client cannot give: upload progress (sends
 * that carry a file). The create-conversation calls stay on it too, as their error texts were
 * built on it. Answers, errors (errorFromAnswer: one parser for both transports) and the CSRF
 * header (or the native app's bearer) are the api client's; status 0 for network failures.
 */
import type { ApiResponse } from '@stoop/shared';
import type { CallName } from '@stoop/shared/api/routes';
import {
  authHeaders,
  callTarget,
  credentialsMode,
  errorFromAnswer,
  getApiBaseUrl,
  networkError,
  parseAnswer,
  type CallInput,
} from './client.ts';

export interface UploadOptions {
  /** Called with a 0..1 fraction while the body is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** One request; FormData goes as multipart, anything else as JSON. */
function xhrRequest<T>(
  method: 'POST' | 'PUT' | 'PATCH',
  path: string,
  body: unknown,
  options: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${getApiBaseUrl()}${path}`);
    xhr.withCredentials = credentialsMode() === 'include';
    xhr.setRequestHeader('Accept', 'application/json');
    const isForm = body instanceof FormData;
    if (!isForm) xhr.setRequestHeader('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const answer = parseAnswer(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(answer as T);
        return;
      }
      reject(errorFromAnswer(xhr.status, xhr.statusText, answer, xhr.getResponseHeader('retry-after')));
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(isForm ? body : JSON.stringify(body));
  });
}

/** One call of the route table over XHR, for its upload progress (a send with a file). */
export function uploadApi<N extends CallName>(
  name: N,
  input: CallInput<N>,
  options: UploadOptions = {},
): Promise<ApiResponse<N>> {
  const { method, path } = callTarget(name, input);
  if (method === 'GET' || method === 'DELETE') throw new Error(`${name} sends no body to upload`);
  return xhrRequest<ApiResponse<N>>(method, path, input.body, options);
}
