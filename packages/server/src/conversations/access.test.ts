import { describe, expect, it } from 'vitest';
import { canRead } from './access.ts';

const resident = { role: 'resident' as const, isLocked: false };
const admin = { role: 'admin' as const, isLocked: false };

describe('DESIGN access rules (pure)', () => {
  it('direct conversations are readable only by participants, admins included', () => {
    const direct = { type: 'direct' as const, adminHidden: false };
    expect(canRead(direct, resident, true)).toBe(true);
    expect(canRead(direct, resident, false)).toBe(false);
    expect(canRead(direct, admin, false)).toBe(false);
  });
  it('channels are visible to every approved resident unless adminHidden; admins still see hidden ones', () => {
    expect(canRead({ type: 'channel', adminHidden: false }, resident, false)).toBe(true);
    expect(canRead({ type: 'channel', adminHidden: true }, resident, true)).toBe(false);
    expect(canRead({ type: 'channel', adminHidden: true }, admin, false)).toBe(true);
  });
  it('locked users read nothing', () => {
    expect(canRead({ type: 'channel', adminHidden: false }, { role: 'resident', isLocked: true }, true)).toBe(
      false,
    );
  });
});
