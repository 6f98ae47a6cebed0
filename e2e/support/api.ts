/** A minimal cookie-keeping API client for setting up e2e scenarios from the test side. */
import { OUTBOX_BUSY_RETRIES } from '@stoop/shared';

export class ApiSession {
  private cookies = new Map<string, string>();
  private csrf = '';

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
    }
  }

  /** The CSRF token for this session's mutating calls, fetched once. */
  async csrfToken(): Promise<string> {
    if (!this.csrf) {
      const response = await fetch(`${this.baseUrl}/api/csrf-token`, {
        headers: { cookie: this.cookieHeader() },
      });
      this.remember(response);
      this.csrf = ((await response.json()) as { csrfToken: string }).csrfToken;
    }
    return this.csrf;
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    await this.csrfToken();
    const headers: Record<string, string> = { cookie: this.cookieHeader(), 'x-csrf-token': this.csrf };
    let payload: string | FormData | null = null;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    // A busy server refuses a send with 503 and Retry-After (R-LIMIT-13); like the web outbox
    // (R-LIMIT-14) the set-up waits it out and sends the same call again.
    for (let retries = OUTBOX_BUSY_RETRIES; response.status === 503 && retries > 0; retries -= 1) {
      const seconds = Number(response.headers.get('retry-after'));
      if (!(seconds > 0)) break;
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    }
    this.remember(response);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text.slice(0, 200)}`);
    const answer = (text ? JSON.parse(text) : undefined) as T;
    // Sign-in and logout renew the CSRF cookie and answer its token (R-SESSION-14): the old one is refused.
    const renewed = (answer as { csrfToken?: unknown } | undefined)?.csrfToken;
    if (typeof renewed === 'string') this.csrf = renewed;
    return answer;
  }

  /** This session's cookies, ready for a browser context's addCookies. */
  browserCookies(): { name: string; value: string; url: string }[] {
    return [...this.cookies].map(([name, value]) => ({ name, value, url: this.baseUrl }));
  }

  login(email: string, password: string): Promise<{ user: { id: string } }> {
    return this.request('POST', '/api/login', { email, password });
  }
}
