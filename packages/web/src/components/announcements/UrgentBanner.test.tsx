import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { makeAnnouncement } from '../../test/news-fixtures.ts';
import { useUrgentBannerStore } from '../../stores/urgent-banner.ts';
import { UrgentBanner } from './UrgentBanner.tsx';

afterEach(cleanup);

const showWith = (abilities?: { edit: boolean; delete: boolean; acknowledge: boolean }) => {
  useUrgentBannerStore.setState({
    loaded: true,
    items: [makeAnnouncement({ urgent: true, title: 'Gas leak', ...(abilities ? { abilities } : {}) })],
  });
  render(
    <MemoryRouter>
      <UrgentBanner />
    </MemoryRouter>,
  );
};

describe('UrgentBanner', () => {
  it('R-ACCESS-9 offers "Got it" where the server allows acknowledging', () => {
    showWith({ edit: false, delete: false, acknowledge: true });
    expect(screen.getByRole('button', { name: 'Got it' })).toBeTruthy();
  });

  it('R-ACCESS-9 offers no "Got it" on a copy without abilities', () => {
    showWith();
    expect(screen.getByText('Gas leak')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Got it' })).toBeNull();
  });
});
