import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuildingRequest, RequestAbilities } from '@stoop/shared';
import { StatusChangeForm } from './StatusChangeForm.tsx';

afterEach(cleanup);

const OFFICE: RequestAbilities = { cancel: false, changeStatus: true, comment: true };

function requestOf(overrides: Partial<BuildingRequest>): BuildingRequest {
  return {
    id: 'r1',
    category: 'maintenance',
    title: 'Leaking tap',
    description: 'The kitchen tap drips.',
    status: 'open',
    requester: null,
    photoUrl: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

const show = (request: BuildingRequest) =>
  render(<StatusChangeForm request={request} onSubmit={() => Promise.resolve(true)} />);

describe('StatusChangeForm', () => {
  it('R-ACCESS-9 offers the status change where the server allows it', () => {
    show(requestOf({ abilities: OFFICE }));
    expect(screen.getByRole('form', { name: 'Change the status' })).toBeTruthy();
  });

  it('R-ACCESS-9 offers no status change where the server says no, or sent no abilities', () => {
    show(requestOf({ abilities: { ...OFFICE, changeStatus: false } }));
    expect(screen.queryByRole('form', { name: 'Change the status' })).toBeNull();
    cleanup();
    show(requestOf({}));
    expect(screen.queryByRole('form', { name: 'Change the status' })).toBeNull();
  });

  it('says why when the resident cancelled it', () => {
    show(requestOf({ status: 'cancelled', abilities: { ...OFFICE, changeStatus: false } }));
    expect(screen.getByText('The resident cancelled this request.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Change the status' })).toBeNull();
  });
});
