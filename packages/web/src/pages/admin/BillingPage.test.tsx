import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@stoop/shared';
import { PLANS } from '@stoop/shared/plans';
import { TEXTS } from '@stoop/shared/texts';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { makeBilling } from '../../test/stats-fixtures.ts';
import { useAuthStore } from '../../stores/auth.ts';
import BillingPage from './BillingPage.tsx';

const as = (role: User['role']) =>
  useAuthStore.setState({ user: { id: 'me', role, isLocked: false } as User });

beforeEach(() => as('resident'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BillingPage (R-BILL-4)', () => {
  it('shows a resident the plan, the usage bars and the payment notice, without the change control', async () => {
    installFakeServer({ 'GET /api/billing': () => json(200, makeBilling()) });
    render(<BillingPage />);
    expect(await screen.findByRole('heading', { name: 'Community' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(TEXTS.billingNoPaymentProcessor);
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuetext'))).toEqual([
      '12 of 50 (24%)',
      '1 GB of 5 GB (20%)',
      '4,000 of 20,000 (20%)',
    ]);
    expect(screen.getByRole('progressbar', { name: 'Residents' }).getAttribute('aria-valuenow')).toBe('12');
    expect(screen.queryByRole('form', { name: 'Change plan' })).toBeNull();
  });

  it('marks a usage over its limit', async () => {
    const billing = makeBilling();
    installFakeServer({
      'GET /api/billing': () => json(200, { ...billing, usage: { ...billing.usage, residents: 60 } }),
    });
    render(<BillingPage />);
    const bar = await screen.findByRole('progressbar', { name: 'Residents' });
    expect(bar.getAttribute('aria-valuetext')).toBe('60 of 50 (120%), over the limit');
    expect(screen.getByText(/over the limit/)).toBeTruthy();
  });

  it('lets an admin change the plan', async () => {
    as('admin');
    const server = installFakeServer({
      'GET /api/billing': () => json(200, makeBilling()),
      'PUT /api/billing/plan': () => json(200, makeBilling({ plan: PLANS.building, source: 'database' })),
    });
    render(<BillingPage />);
    const form = await screen.findByRole('form', { name: 'Change plan' });
    const save = within(form).getByRole('button', { name: 'Save plan' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(form).getByRole('radio', { name: /Building/ }));
    fireEvent.click(save);
    expect(await screen.findByRole('heading', { name: 'Building' })).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({ plan: 'building' });
    expect(screen.getByText('Chosen by an admin.')).toBeTruthy();
  });
});
