import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fake-server.ts';
import {
  OPTIONS,
  credentialErrors,
  formShape,
  metadataFromValues,
  toFormData,
  valuesFromUser,
} from './profile-form.ts';

describe('account settings form', () => {
  it('round-trips the metadata of R-USER-3 through the editing state', () => {
    const user = makeUser();
    user.metadata = {
      ...user.metadata,
      interests: ['cycling', 'baking'],
      prompts: [{ question: 'Best spot?', answer: 'The roof' }],
      gender: 'Woman',
      newToArea: true,
      pets: null,
    };
    expect(metadataFromValues(valuesFromUser(user))).toEqual(user.metadata);
  });

  it('turns empty selections into null and splits interests', () => {
    const values = { ...valuesFromUser(makeUser()), interests: ' a, b ,, a', smoking: '', newToArea: 'no' };
    const metadata = metadataFromValues(values);
    expect(metadata.interests).toEqual(['a', 'b']);
    expect(metadata.smoking).toBeNull();
    expect(metadata.newToArea).toBe(false);
  });

  it('builds the multipart body of PUT /api/profile', () => {
    const user = makeUser({ avatar: '/api/avatars/a.webp' });
    const data = formShape(valuesFromUser(user));
    const keep = toFormData(data, { kind: 'keep' }, user.avatar);
    expect(keep.get('username')).toBe(user.username);
    expect(keep.get('avatarPath')).toBe('/api/avatars/a.webp');
    expect(JSON.parse(keep.get('metadata') as string)).toEqual(user.metadata);
    expect(toFormData(data, { kind: 'remove' }, user.avatar).get('avatarPath')).toBe('');
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    const replaced = toFormData(data, { kind: 'replace', file }, user.avatar);
    expect(replaced.get('avatar')).toBeInstanceOf(File);
    expect(replaced.has('avatarPath')).toBe(false);
  });

  it('R-PROFILE-1: offers the shared option values, with not set first', () => {
    expect(OPTIONS.gender[0]).toEqual({ value: '', label: 'Not set' });
    expect(OPTIONS.gender.map((o) => o.value)).toEqual(
      expect.arrayContaining(['woman', 'man', 'non-binary', 'agender', 'prefer-not-to-say']),
    );
  });

  it('R-PROFILE-4: asks for the current password before an email or password change, and sends it', () => {
    const user = makeUser();
    const values = valuesFromUser(user);
    expect(credentialErrors(values, user)).toEqual({});
    expect(credentialErrors({ ...values, email: ` ${user.email.toUpperCase()} ` }, user)).toEqual({});
    expect(credentialErrors({ ...values, email: 'new@example.com' }, user)).toHaveProperty('currentPassword');
    expect(credentialErrors({ ...values, newPassword: 'short', currentPassword: 'x' }, user)).toEqual({
      newPassword: 'Password must be at least 8 characters',
    });
    const form = toFormData(formShape(values), { kind: 'keep' }, null, {
      currentPassword: 'old secret',
      newPassword: 'a new secret',
    });
    expect([form.get('currentPassword'), form.get('newPassword')]).toEqual(['old secret', 'a new secret']);
    expect(toFormData(formShape(values), { kind: 'keep' }, null).has('currentPassword')).toBe(false);
  });
});
