/**
 * The one route table. Every screen is a lazily loaded chunk, so the first load carries
 * only React, the router, the guard and the root layout; forms (and zod) arrive with their page.
 * AppRoutes (AppRoutes.tsx) runs the guard on every navigation and loads a path's page chunks
 * before it shows the path (docs/decisions/0027-first-load-without-the-data-router.md).
 */
import { matchRoutes } from 'react-router';
import { DASHBOARD_PATHS, PATHS } from '../navigation/paths.ts';
import { loadMarkdown } from '../components/chat/use-markdown.ts';
import { readFirstPageEarly } from '../services/api/early-reads.ts';
import { loadRouteModule, type AppRoute, type PageModule } from './app-route.ts';

/** A screen loaded on first use: its module's default export. */
const page = (load: () => Promise<PageModule>) => ({ load });

const mainDashboardChildren: AppRoute[] = [
  { index: true, redirectTo: DASHBOARD_PATHS.chatIntro },
  { path: 'chat-intro', ...page(() => import('../pages/chat/ChatIntroPage.tsx')) },
  { path: 'connect-data-sources', ...page(() => import('../pages/main/ConnectDataSourcesPage.tsx')) },
  {
    path: 'conversations/channel/:conversationId',
    ...page(() => import('../pages/chat/ConversationPage.tsx')),
  },
  {
    path: 'conversations/direct/:conversationId',
    ...page(() => import('../pages/chat/ConversationPage.tsx')),
  },
  { path: 'announcements', ...page(() => import('../pages/main/AnnouncementsPage.tsx')) },
  {
    path: 'conversations/:id/details',
    ...page(() => import('../pages/chat/ConversationDetailsPage.tsx')),
  },
  { path: 'thread/:messageId', ...page(() => import('../pages/chat/ThreadPage.tsx')) },
  { path: 'search', ...page(() => import('../pages/chat/SearchPage.tsx')) },
  { path: 'residents', ...page(() => import('../pages/residents/ResidentsPage.tsx')) },
  { path: 'requests', ...page(() => import('../pages/main/RequestsPage.tsx')) },
  { path: 'requests/:requestId', ...page(() => import('../pages/main/RequestsPage.tsx')) },
  { path: 'events', ...page(() => import('../pages/main/EventsPage.tsx')) },
  { path: 'events/:eventId', ...page(() => import('../pages/main/EventsPage.tsx')) },
];

const adminDashboardChildren: AppRoute[] = [
  { index: true, redirectTo: DASHBOARD_PATHS.statistics },
  { path: 'statistics', ...page(() => import('../pages/admin/StatisticsPage.tsx')) },
  { path: 'billing', ...page(() => import('../pages/admin/BillingPage.tsx')) },
  { path: 'user-approval', ...page(() => import('../pages/admin/UserApprovalPage.tsx')) },
  { path: 'flagged_content', ...page(() => import('../pages/admin/FlaggedContentPage.tsx')) },
  { path: 'announcements', ...page(() => import('../pages/admin/AdminAnnouncementsPage.tsx')) },
  // ---- user approval: the audit log ----
  { path: 'audit-log', ...page(() => import('../pages/admin/AuditLogPage.tsx')) },
  { path: 'requests', ...page(() => import('../pages/admin/AdminRequestsPage.tsx')) },
  // ---- moving a building in ----
  { path: 'import', ...page(() => import('../pages/admin/ImportPage.tsx')) },
  { path: 'invites', ...page(() => import('../pages/admin/InvitesPage.tsx')) },
  { path: 'invites/:inviteId/poster', ...page(() => import('../pages/admin/InvitePosterPage.tsx')) },
];

export const routes: AppRoute[] = [
  {
    path: PATHS.root,
    layout: true,
    children: [
      // The guard always redirects '/', so the index never renders.
      { index: true },
      { path: PATHS.login, ...page(() => import('../pages/public/LoginPage.tsx')) },
      { path: PATHS.forgotPassword, ...page(() => import('../pages/public/ForgotPasswordPage.tsx')) },
      { path: PATHS.resetPassword, ...page(() => import('../pages/public/ResetPasswordPage.tsx')) },
      { path: PATHS.webHome, ...page(() => import('../pages/public/WebHomePage.tsx')) },
      { path: PATHS.mobileHome, ...page(() => import('../pages/public/MobileHomePage.tsx')) },
      { path: PATHS.signup, ...page(() => import('../pages/public/SignupPage.tsx')) },
      { path: PATHS.contact, ...page(() => import('../pages/public/ContactPage.tsx')) },
      { path: PATHS.privacyPolicy, ...page(() => import('../pages/public/PrivacyPolicyPage.tsx')) },
      { path: PATHS.termsOfService, ...page(() => import('../pages/public/TermsOfServicePage.tsx')) },
      { path: PATHS.unauthorized, ...page(() => import('../pages/public/UnauthorizedPage.tsx')) },
      { path: PATHS.awaitingApproval, ...page(() => import('../pages/public/AwaitingApprovalPage.tsx')) },
      { path: PATHS.unsubscribe, ...page(() => import('../pages/public/UnsubscribePage.tsx')) },
      { path: PATHS.accountSettings, ...page(() => import('../pages/account/AccountSettingsPage.tsx')) },
      {
        path: PATHS.notificationSettings,
        ...page(() => import('../pages/account/PushSettingsPage.tsx')),
      },
      {
        path: PATHS.mainDashboard,
        ...page(() => import('../pages/main/MainDashboardLayout.tsx')),
        children: mainDashboardChildren,
      },
      {
        path: PATHS.adminDashboard,
        ...page(() => import('../pages/admin/AdminDashboardLayout.tsx')),
        children: adminDashboardChildren,
      },
      { path: '*', ...page(() => import('../pages/public/NotFoundPage.tsx')) },
    ],
  },
];

type AppRouteMatches = ReturnType<typeof matchRoutes<AppRoute>>;
/** Paths matched so far; a session visits a few dozen at most, and the cache starts over past that. */
const matched = new Map<string, AppRouteMatches>();
const MATCHED_PATHS_MAX = 64;

/**
 * The table's matches for `pathname`, worked out once per path: react-router flattens and ranks the
 * whole table (a regular expression per route) on every call, and each navigation asks for its
 * path's matches three times (preloading, the index's redirect, loading the screens).
 */
export function matchAppRoutes(pathname: string): AppRouteMatches {
  if (matched.has(pathname)) return matched.get(pathname) ?? null;
  if (matched.size >= MATCHED_PATHS_MAX) matched.clear();
  const matches = matchRoutes(routes, pathname);
  matched.set(pathname, matches);
  return matches;
}

/**
 * Starts loading the page chunks of `pathname` at once, in parallel with the guard's
 * session check, instead of after it: the LCP of a deep link no longer waits for two round trips in
 * a row. AppRoutes then finds the modules loaded.
 */
export function preloadRouteChunks(pathname: string): void {
  const matches = matchAppRoutes(pathname) ?? [];
  for (const { route } of matches) loadRouteModule(route).catch(() => undefined);
  // A conversation's first paint is its messages: read them and load the markdown renderer now too
  // not once the layout and the page have rendered.
  const conversationId = matches.at(-1)?.params.conversationId;
  if (conversationId) {
    readFirstPageEarly(conversationId);
    loadMarkdown().catch(() => undefined);
  }
}
