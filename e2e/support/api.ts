/** A minimal cookie-keeping API client for setting up e2e scenarios from the test side. */
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
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    this.remember(response);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** This session's cookies, ready for a browser context's addCookies. */
  browserCookies(): { name: string; value: string; url: string }[] {
    return [...this.cookies].map(([name, value]) => ({ name, value, url: this.baseUrl }));
  }

  login(email: string, password: string): Promise<{ user: { id: string } }> {
    return this.request('POST', '/api/login', { email, password });
  }
}
