import type { Page } from 'playwright-core';
import { ApiSession } from './api.ts';
import { ADMIN } from './server.ts';

export interface Resident {
  id: string;
  email: string;
  username: string;
  password: string;
  api: ApiSession;
}

/** Signs a resident up through the API and has the admin approve them (R-LOCK-1: new accounts are locked). */
export async function createResident(
  baseUrl: string,
  username: string,
  options: { email?: string; password?: string } = {},
): Promise<Resident> {
  const email = options.email ?? `${username.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@e2e.test`;
  const password = options.password ?? `${username}-password-123`;
  const api = new ApiSession(baseUrl);
  const { user } = await api.request<{ user: { id: string } }>('POST', '/api/signup', {
    email,
    password,
    username,
    acceptTerms: true,
  });
  const admin = new ApiSession(baseUrl);
  await admin.login(ADMIN.email, ADMIN.password);
  await admin.request('POST', `/api/admin/users/${user.id}/approve`);
  return { id: user.id, email, username, password, api };
}

/** Logs in through the real login form and waits for the main dashboard. */
export async function logInThroughForm(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/(main|admin)_dashboard/);
}
