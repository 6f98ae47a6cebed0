import { describe, expect, it } from 'vitest';
import { conversationAbilities, eventAbilities, messageAbilities, pollAbilities } from './abilities.ts';

// The roles a viewer can have towards an object. A locked or anonymous caller never gets an object
// (R-ACCESS-4, the socket handshake), so none of them has abilities to compute; a non-participant
// of a direct conversation never gets its objects either (R-ACCESS-1).
const author = { id: 'author', role: 'resident' as const };
const otherResident = { id: 'other', role: 'resident' as const };
const admin = { id: 'admin', role: 'admin' as const };
const authorAdmin = { id: 'author', role: 'admin' as const };
// The variants realtime sends to a room (decision 0038): any resident, any admin.
const anyResident = { id: '', role: 'resident' as const };
const anyAdmin = { id: '', role: 'admin' as const };

const message = (
  over: Partial<{ deletedAt: string | null; adminHidden: boolean; bot: object | null }> = {},
) => ({
  userId: 'author',
  deletedAt: over.deletedAt ?? null,
  metadata: { adminHidden: over.adminHidden ?? false, bot: over.bot ?? null },
});

describe('R-ACCESS-9 message abilities', () => {
  it('the author edits and deletes but does not report or hide', () => {
    expect(messageAbilities(author, message())).toEqual({
      edit: true,
      delete: true,
      hide: false,
      report: false,
      react: true,
    });
  });
  it('another resident reports and reacts only', () => {
    expect(messageAbilities(otherResident, message())).toEqual({
      edit: false,
      delete: false,
      hide: false,
      report: true,
      react: true,
    });
    expect(messageAbilities(anyResident, message())).toEqual(messageAbilities(otherResident, message()));
  });
  it('an admin deletes, hides and reports, but edits nobody else’s text', () => {
    expect(messageAbilities(admin, message())).toEqual({
      edit: false,
      delete: true,
      hide: true,
      report: true,
      react: true,
    });
    expect(messageAbilities(anyAdmin, message())).toEqual(messageAbilities(admin, message()));
  });
  it('an admin who wrote it has both', () => {
    expect(messageAbilities(authorAdmin, message())).toEqual({
      edit: true,
      delete: true,
      hide: true,
      report: false,
      react: true,
    });
  });
  it('a deleted message takes nothing from anyone', () => {
    for (const viewer of [author, otherResident, admin, authorAdmin]) {
      expect(Object.values(messageAbilities(viewer, message({ deletedAt: '2026-01-01' })))).not.toContain(
        true,
      );
    }
  });
  it('R-ADMIN-9: a hidden message takes reactions only from those who see it whole', () => {
    const hidden = message({ adminHidden: true });
    expect(messageAbilities(otherResident, hidden).react).toBe(false);
    expect(messageAbilities(otherResident, hidden).report).toBe(true);
    expect(messageAbilities(author, hidden).react).toBe(true);
    expect(messageAbilities(admin, hidden)).toMatchObject({ react: true, hide: true });
  });
  it('R-INTEG-5: a data source’s message is not the connecting admin’s own', () => {
    const fromSource = message({ bot: { integrationId: 'i', source: 's', name: 'n', iconUrl: null } });
    expect(messageAbilities(authorAdmin, fromSource)).toEqual({
      edit: false,
      delete: true,
      hide: true,
      report: true,
      react: true,
    });
  });
});

describe('R-ACCESS-9 poll abilities', () => {
  const open = { createdBy: 'author', closed: false };
  it('everyone who reads it votes while it is open; the asker and admins close it', () => {
    expect(pollAbilities(author, open)).toEqual({ vote: true, close: true });
    expect(pollAbilities(otherResident, open)).toEqual({ vote: true, close: false });
    expect(pollAbilities(admin, open)).toEqual({ vote: true, close: true });
  });
  it('a closed poll takes nothing', () => {
    for (const viewer of [author, otherResident, admin]) {
      expect(pollAbilities(viewer, { ...open, closed: true })).toEqual({ vote: false, close: false });
    }
  });
  it('a poll whose asker was deleted is closed by admins only', () => {
    expect(pollAbilities(anyResident, { createdBy: null, closed: false }).close).toBe(false);
    expect(pollAbilities(anyAdmin, { createdBy: null, closed: false }).close).toBe(true);
  });
});

describe('R-ACCESS-9 event abilities', () => {
  const event = { createdBy: 'author', cancelledAt: null };
  it('its creator and admins change and cancel it; other residents do not', () => {
    expect(eventAbilities(author, event)).toEqual({ edit: true, cancel: true });
    expect(eventAbilities(admin, event)).toEqual({ edit: true, cancel: true });
    expect(eventAbilities(otherResident, event)).toEqual({ edit: false, cancel: false });
  });
  it('a cancelled event takes nothing', () => {
    for (const viewer of [author, admin]) {
      expect(eventAbilities(viewer, { ...event, cancelledAt: '2026-01-01' })).toEqual({
        edit: false,
        cancel: false,
      });
    }
  });
});

describe('R-ACCESS-9 conversation abilities', () => {
  const channel = { type: 'channel' as const, createdBy: 'author' };
  it('a channel is managed by its creator and admins, moderated by admins', () => {
    expect(conversationAbilities(author, channel)).toEqual({ manage: true, moderate: false });
    expect(conversationAbilities(otherResident, channel)).toEqual({ manage: false, moderate: false });
    expect(conversationAbilities(admin, channel)).toEqual({ manage: true, moderate: true });
  });
  it('a direct conversation has neither, for anyone', () => {
    const direct = { type: 'direct' as const, createdBy: 'author' };
    for (const viewer of [author, otherResident, admin]) {
      expect(conversationAbilities(viewer, direct)).toEqual({ manage: false, moderate: false });
    }
  });
});
