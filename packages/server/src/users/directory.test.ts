/** The resident directory's search and filters, and the published profile options (R-PROFILE-1, R-PROFILE-3). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENUMERATED_PROFILE_FIELDS,
  PROFILE_OPTIONS,
  type PresentedUser,
  type ProfileOptionsResponse,
  type UserMetadata,
} from '@stoop/shared';
import {
  createTestApp,
  makeAdmin,
  makeUser,
  sessionFor,
  type AuthHeaders,
  type TestApp,
} from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';

let t: TestApp;
let viewer: AuthHeaders;
/** Every name of this suite carries a tag so one search finds only this suite's residents. */
const TAG = 'Dirtest';

beforeAll(async () => {
  t = await createTestApp();
  viewer = await sessionFor(t.app, await makeUser(t.app, { username: `${TAG} Viewer` }));
  const resident = (username: string, description: string, metadata: Partial<UserMetadata>) =>
    makeUser(t.app, { username: `${TAG} ${username}`, description, metadata });
  await resident('Ada', 'Loves rooftop gardening in 4B', {
    interests: ['Gardening', 'chess'],
    lookingFor: 'Running buddies and plant swaps',
    newToArea: true,
    pets: 'cat',
    gender: 'woman',
    smoking: 'never',
    drinking: 'socially',
    hasKids: 'no-kids',
    relationshipStatus: 'single',
  });
  await resident('Bo', 'Night shift nurse', {
    interests: ['running'],
    lookingFor: 'A babysitter on weekends',
    newToArea: false,
    pets: 'dog',
    gender: 'non-binary',
    smoking: 'trying-to-quit',
    hasKids: 'have-kids',
    relationshipStatus: 'married',
  });
  await resident('Cy', 'Plays piano, quietly', { interests: [], newToArea: null });
  await makeUser(t.app, { username: `${TAG} Pending gardener`, locked: true, metadata: { pets: 'cat' } });
  await makeUser(t.app, {
    username: `${TAG} Locked gardener`,
    reason: 'admin_lock',
    metadata: { pets: 'cat' },
  });
});
afterAll(async () => t.close());

async function names(query: string, headers: AuthHeaders = viewer): Promise<string[]> {
  const res = await call(t.app, 'GET', `/api/users?q=${TAG}&${query}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ users: PresentedUser[] }>()
    .users.map((u) => u.username.replace(`${TAG} `, ''))
    .filter((name) => name !== 'Viewer');
}

describe('GET /api/users: the resident directory', () => {
  it('R-PROFILE-3: q matches names and descriptions, any case', async () => {
    const res = await call(t.app, 'GET', '/api/users?q=ROOFTOP', undefined, viewer);
    expect(res.json<{ users: PresentedUser[] }>().users.map((u) => u.username)).toEqual([`${TAG} Ada`]);
    expect(await names('')).toEqual(['Ada', 'Bo', 'Cy']);
  });

  it('R-PROFILE-3: interests match any listed interest, any case', async () => {
    expect(await names('interests=gardening')).toEqual(['Ada']);
    expect(await names('interests=CHESS,running')).toEqual(['Ada', 'Bo']);
    expect(await names('interests=knitting')).toEqual([]);
  });

  it('R-PROFILE-3: lookingFor matches as text, newToArea as a yes/no answer', async () => {
    expect(await names('lookingFor=babysitter')).toEqual(['Bo']);
    expect(await names('lookingFor=%25')).toEqual([]); // wildcards taken literally
    expect(await names('newToArea=true')).toEqual(['Ada']);
    expect(await names('newToArea=false')).toEqual(['Bo']);
  });

  it('R-PROFILE-3: enumerated filters take one value or a comma list; filters combine', async () => {
    expect(await names('pets=cat')).toEqual(['Ada']);
    expect(await names('gender=woman,non-binary')).toEqual(['Ada', 'Bo']);
    expect(await names('gender=woman,non-binary&smoking=trying-to-quit')).toEqual(['Bo']);
    expect(await names('hasKids=have-kids&relationshipStatus=married&drinking=socially')).toEqual([]);
    expect(await names('drinking=socially&relationshipStatus=single&hasKids=no-kids')).toEqual(['Ada']);
  });

  it('R-PROFILE-3, R-LOCK-0: locked and pending residents never appear, whatever matches', async () => {
    expect(await names('pets=cat')).not.toContain('Pending gardener');
    const res = await call(t.app, 'GET', '/api/users?q=gardener', undefined, viewer);
    expect(res.json<{ users: PresentedUser[] }>().users).toEqual([]);
  });

  it('R-ACCESS-6: other residents’ emails and lock state are never listed, admins still see them', async () => {
    const res = await call(t.app, 'GET', `/api/users?q=${TAG}`, undefined, viewer);
    const { users } = res.json<{ users: PresentedUser[] }>();
    const others = users.filter((u) => u.username !== `${TAG} Viewer`);
    expect(others.length).toBe(3);
    for (const user of others) {
      expect(user).not.toHaveProperty('email');
      expect(user).not.toHaveProperty('isLocked');
    }
    // Only the viewer's own row carries an address (R-API-9: the owner sees the full shape).
    expect(res.body.match(/@/g)).toHaveLength(1);
    const admin = await sessionFor(t.app, await makeAdmin(t.app));
    const asAdmin = await call(t.app, 'GET', `/api/users?q=${TAG}`, undefined, admin);
    expect(asAdmin.json<{ users: PresentedUser[] }>().users.every((u) => typeof u.email === 'string')).toBe(
      true,
    );
  });

  it('R-PROFILE-3: paged with limit and offset', async () => {
    const page = async (offset: number) =>
      (await call(t.app, 'GET', `/api/users?q=${TAG}&limit=2&offset=${offset}`, undefined, viewer)).json<{
        users: PresentedUser[];
      }>().users;
    const first = await page(0);
    const second = await page(2);
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
    expect(new Set([...first, ...second].map((u) => u.id)).size).toBe(4);
  });

  it.each([
    ['gender', 'gender=robot'],
    ['pets', 'pets=cat,unicorn'],
    ['newToArea', 'newToArea=maybe'],
    ['interests', `interests=${'x'.repeat(51)}`],
    ['lookingFor', `lookingFor=${'x'.repeat(101)}`],
    ['offset', 'offset=-1'],
  ])('validation: 400 naming %s', async (field, query) => {
    const body = expectError(await call(t.app, 'GET', `/api/users?${query}`, undefined, viewer), 400, {
      field,
    });
    expect(body.message.startsWith(field)).toBe(true);
  });
});

describe('GET /api/profile/options', () => {
  it('R-PROFILE-1: publishes every enumerated field with its inclusive options', async () => {
    const res = await call(t.app, 'GET', '/api/profile/options', undefined, viewer);
    expect(res.statusCode).toBe(200);
    const body = res.json<ProfileOptionsResponse>();
    expect(Object.keys(body.options).sort()).toEqual([...ENUMERATED_PROFILE_FIELDS].sort());
    expect(body.options.gender.map((o) => o.value)).toEqual(PROFILE_OPTIONS.gender.map((o) => o.value));
    expect(body.options.gender.map((o) => o.value)).toEqual(
      expect.arrayContaining(['woman', 'man', 'non-binary', 'genderqueer', 'agender', 'prefer-not-to-say']),
    );
    for (const field of ENUMERATED_PROFILE_FIELDS) {
      expect(body.options[field].at(-1)?.value).toBe('prefer-not-to-say');
    }
    expect(body.newToArea.map((o) => o.value)).toEqual([true, false]);
    expect(body.interestSuggestions.length).toBeGreaterThan(0);
  });

  it('R-ACCESS-3, R-ACCESS-4: anonymous 401, locked 403 ACCOUNT_LOCKED', async () => {
    expectError(await call(t.app, 'GET', '/api/profile/options'), 401, { code: 'UNAUTHENTICATED' });
    const locked = await makeUser(t.app, { locked: true });
    expectError(
      await call(t.app, 'GET', '/api/profile/options', undefined, await sessionFor(t.app, locked)),
      403,
      { code: 'ACCOUNT_LOCKED' },
    );
  });
});
