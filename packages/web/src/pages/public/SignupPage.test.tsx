import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { TEXTS } from '@stoop/shared/texts';
import { apiError, installFakeServer, json } from '../../test/fake-server.ts';
import SignupPage from './SignupPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const openSignup = (code: string) =>
  render(
    <MemoryRouter initialEntries={[`/signup?invite=${code}`]}>
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('R-MOVEIN-14: the sign-up page says why an invitation does not work', () => {
  for (const [state, text] of [
    ['expired', TEXTS.inviteExpired],
    ['used up', TEXTS.inviteUsedUp],
    ['revoked', TEXTS.inviteRevoked],
    ['unknown', TEXTS.inviteUnknown],
  ] as const) {
    it(`shows the server's words for a ${state} code in place of the form`, async () => {
      installFakeServer({ 'GET /api/invites/ABCDEFGH': () => apiError(404, text) });
      openSignup('ABCDEFGH');
      expect((await screen.findByTestId('invite-unusable')).textContent).toBe(text);
      expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
    });
  }

  it('a code spent while the form was filled in shows why instead of the form', async () => {
    installFakeServer({
      'GET /api/invites/ABCDEFGH': () =>
        json(200, {
          code: 'ABCDEFGH',
          buildingName: 'Maple Court',
          approveAtOnce: true,
          expiresAt: '2999-01-01T00:00:00.000Z',
        }),
      'GET /api/csrf-token': () => json(200, { csrfToken: 'token' }),
      'POST /api/signup': () =>
        json(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: TEXTS.inviteUsedUp,
          field: 'inviteCode',
        }),
    });
    openSignup('ABCDEFGH');
    // The form's schema is a chunk of its own (R-DELIVERY-7): slow on a busy machine.
    await screen.findByRole('heading', { name: 'Join Maple Court' }, { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'Lena' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'lena@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-good-long-password' } });
    fireEvent.click(screen.getByLabelText(/I accept/));
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    const refused = await screen.findByTestId('invite-unusable', {}, { timeout: 10_000 });
    expect(refused.textContent).toBe(TEXTS.inviteUsedUp);
  });
});
