import { describe, expect, it } from 'vitest';
import {
  classifyPath,
  decideConversationEffect,
  decideRedirect,
  decideSessionAction,
  homeFor,
  mayFetchCommunityData,
  type GuardUser,
} from './guard.ts';

const resident: GuardUser = { role: 'resident', isLocked: false, reasonForLock: null };
const admin: GuardUser = { role: 'admin', isLocked: false, reasonForLock: null };
const pending: GuardUser = { role: 'resident', isLocked: true, reasonForLock: 'pending_approval' };
const adminLocked: GuardUser = { role: 'resident', isLocked: true, reasonForLock: 'admin_lock' };
const lockedNoReason: GuardUser = { role: 'admin', isLocked: true, reasonForLock: null };

const ALL_ROUTES = [
  '/',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/web-home',
  '/mobile-home',
  '/signup',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/unsubscribe',
  '/unauthorized',
  '/no-such-page',
  '/account_settings',
  '/main_dashboard',
  '/main_dashboard/chat-intro',
  '/main_dashboard/connect-data-sources',
  '/main_dashboard/conversations/channel/c1',
  '/main_dashboard/conversations/direct/c2',
  '/main_dashboard/announcements',
  '/main_dashboard/conversations/c1/details',
  '/main_dashboard/thread/m1',
  '/main_dashboard/search',
  '/admin_dashboard',
  '/admin_dashboard/statistics',
  '/admin_dashboard/billing',
  '/admin_dashboard/user-approval',
  '/admin_dashboard/flagged_content',
  '/admin_dashboard/announcements',
  '/admin_dashboard/audit-log',
];

const web = { platform: 'web' } as const;

describe('route classification', () => {
  it('tells public, authenticated and admin routes apart', () => {
    expect(classifyPath('/')).toBe('root');
    expect(classifyPath('/contact')).toBe('public');
    expect(classifyPath('/no-such-page')).toBe('public');
    expect(classifyPath('/account_settings')).toBe('authenticated');
    expect(classifyPath('/main_dashboard/search')).toBe('authenticated');
    expect(classifyPath('/admin_dashboard')).toBe('authenticated');
    expect(classifyPath('/admin_dashboard/billing')).toBe('authenticated');
    expect(classifyPath('/admin_dashboard/statistics/')).toBe('authenticated');
    expect(classifyPath('/admin_dashboard/user-approval')).toBe('admin');
    expect(classifyPath('/admin_dashboard/flagged_content')).toBe('admin');
    expect(classifyPath('/admin_dashboard/announcements')).toBe('admin');
    expect(classifyPath('/admin_dashboard/audit-log')).toBe('admin');
    expect(classifyPath('/main_dashboard/announcements')).toBe('authenticated');
  });
});

describe('R-GUARD-0 rules (pure decisions)', () => {
  it('R-GUARD-1: on first navigation the current user is loaded', () => {
    expect(decideSessionAction({ checked: false, hasUser: false, hasStoredUser: false })).toBe('load');
    expect(decideSessionAction({ checked: true, hasUser: true, hasStoredUser: true })).toBeNull();
    expect(decideSessionAction({ checked: true, hasUser: false, hasStoredUser: false })).toBeNull();
  });

  it('R-GUARD-2: no user in the store but stored user data re-initialises the session', () => {
    expect(decideSessionAction({ checked: true, hasUser: false, hasStoredUser: true })).toBe('reinitialise');
    expect(decideSessionAction({ checked: false, hasUser: false, hasStoredUser: true })).toBe('reinitialise');
  });

  it('R-GUARD-3, R-REACH-7: a locked user is forced to /awaiting-approval from every other route but contact, privacy, terms and unsubscribe', () => {
    const openToLocked = ['/contact', '/privacy-policy', '/terms-of-service', '/unsubscribe'];
    for (const user of [pending, adminLocked, lockedNoReason]) {
      for (const path of ALL_ROUTES) {
        expect(decideRedirect(path, { user, ...web })).toBe(
          openToLocked.includes(path) ? null : '/awaiting-approval',
        );
      }
      expect(decideRedirect('/contact/', { user, ...web })).toBeNull();
      expect(decideRedirect('/awaiting-approval', { user, ...web })).toBeNull();
    }
  });

  it('R-GUARD-5: an unauthenticated visit to an authenticated route goes to /mobile-home on android/ios, else /web-home', () => {
    for (const path of ALL_ROUTES.filter((p) => /^\/(main|admin)_dashboard|^\/account_settings/.test(p))) {
      expect(decideRedirect(path, { user: null, platform: 'web' })).toBe('/web-home');
      expect(decideRedirect(path, { user: null, platform: 'android' })).toBe('/mobile-home');
      expect(decideRedirect(path, { user: null, platform: 'ios' })).toBe('/mobile-home');
    }
    for (const path of [
      '/login',
      '/contact',
      '/privacy-policy',
      '/web-home',
      '/mobile-home',
      '/no-such-page',
    ]) {
      expect(decideRedirect(path, { user: null, ...web })).toBeNull();
    }
  });

  it('R-GUARD-4: / goes to /admin_dashboard for admins, /main_dashboard for other users, the public home for anonymous', () => {
    expect(decideRedirect('/', { user: admin, ...web })).toBe('/admin_dashboard');
    expect(decideRedirect('/', { user: resident, ...web })).toBe('/main_dashboard');
    expect(decideRedirect('/', { user: null, platform: 'web' })).toBe('/web-home');
    expect(decideRedirect('/', { user: null, platform: 'android' })).toBe('/mobile-home');
    expect(homeFor(pending, 'web')).toBe('/awaiting-approval');
  });

  it('R-GUARD-6: admin routes visited by non-admins go to /main_dashboard', () => {
    for (const path of [
      '/admin_dashboard/user-approval',
      '/admin_dashboard/flagged_content',
      '/admin_dashboard/announcements',
      '/admin_dashboard/audit-log',
    ]) {
      expect(decideRedirect(path, { user: resident, ...web })).toBe('/main_dashboard');
      expect(decideRedirect(path, { user: admin, ...web })).toBeNull();
    }
    // Statistics and billing are open to every signed-in user (R-ROUTE-5, R-ROLE-2).
    expect(decideRedirect('/admin_dashboard/statistics', { user: resident, ...web })).toBeNull();
    expect(decideRedirect('/admin_dashboard/billing', { user: resident, ...web })).toBeNull();
  });

  it('R-GUARD-7: opening a channel or direct chat route makes that conversation active', () => {
    const state = { user: resident, activeConversationId: 'other' };
    expect(decideConversationEffect('/main_dashboard/conversations/channel/c1', state)).toEqual({
      type: 'activate',
      conversationId: 'c1',
    });
    expect(decideConversationEffect('/main_dashboard/conversations/direct/d%202', state)).toEqual({
      type: 'activate',
      conversationId: 'd 2',
    });
    expect(decideConversationEffect('/main_dashboard/conversations/c1/details', state)).toBeNull();
  });

  it('R-GUARD-8: opening a thread with no active conversation fetches the thread', () => {
    expect(
      decideConversationEffect('/main_dashboard/thread/m1', { user: resident, activeConversationId: null }),
    ).toEqual({
      type: 'fetch-thread',
      messageId: 'm1',
    });
    expect(
      decideConversationEffect('/main_dashboard/thread/m1', { user: resident, activeConversationId: 'c1' }),
    ).toBeNull();
  });

  it('R-GUARD-10: a locked user gets no conversation or user fetch', () => {
    for (const user of [pending, adminLocked]) {
      expect(
        decideConversationEffect('/main_dashboard/thread/m1', { user, activeConversationId: null }),
      ).toBeNull();
      expect(
        decideConversationEffect('/main_dashboard/conversations/channel/c1', {
          user,
          activeConversationId: null,
        }),
      ).toBeNull();
      expect(mayFetchCommunityData(user)).toBe(false);
    }
    expect(mayFetchCommunityData(resident)).toBe(true);
    expect(mayFetchCommunityData(null)).toBe(false);
  });

  it('sends approved users away from /awaiting-approval and signed-in users away from login and signup', () => {
    expect(decideRedirect('/awaiting-approval', { user: resident, ...web })).toBe('/main_dashboard');
    expect(decideRedirect('/awaiting-approval', { user: null, ...web })).toBe('/web-home');
    expect(decideRedirect('/login', { user: admin, ...web })).toBe('/admin_dashboard');
    expect(decideRedirect('/signup', { user: resident, ...web })).toBe('/main_dashboard');
  });
});
