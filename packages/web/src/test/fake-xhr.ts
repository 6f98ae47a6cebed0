/**
 * A stand-in for XMLHttpRequest in unit tests of uploads: each request waits until the test
 * reports progress, answers it, or it is aborted, so every step of an upload can be checked.
 */
import { vi } from 'vitest';

export class FakeXhr {
  static requests: FakeXhr[] = [];

  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  method = '';
  url = '';
  body: unknown = undefined;
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    this.body = body;
    FakeXhr.requests.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser reporting `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  /** Answer headers by lower-case name, as the browser reads them (Retry-After, R-LIMIT-14). */
  responseHeaders: Record<string, string> = {};
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.responseHeaders = headers;
    this.status = status;
    this.statusText = status < 300 ? 'OK' : 'Error';
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** Installs FakeXhr as the global XMLHttpRequest with no requests recorded yet. */
export function installFakeXhr(): typeof FakeXhr {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

/** The request the code under test sent last. */
export function lastXhr(): FakeXhr {
  const request = FakeXhr.requests.at(-1);
  if (!request) throw new Error('No XMLHttpRequest was sent');
  return request;
}
