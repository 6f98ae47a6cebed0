/**
 * The one route table (R-ROUTE-0). Every screen is a lazily loaded chunk, so the first load carries
 * only React, the router, the guard and the root layout; forms (and zod) arrive with their page.
 * The guard runs as root middleware on every navigation (see guard-runner.ts).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, redirect, type RouteObject } from 'react-router';
import { guardMiddleware } from './guard-runner.ts';
import { DASHBOARD_PATHS, PATHS } from '../navigation/paths.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { SplashScreen } from '../components/SplashScreen.tsx';

type PageModule = { default: ComponentType };

/** Turns `() => import('./Page.tsx')` into a route `lazy` that supplies its default export. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

const mainDashboardChildren: RouteObject[] = [
  { index: true, loader: () => redirect(DASHBOARD_PATHS.chatIntro) },
  { path: 'chat-intro', lazy: page(() => import('../pages/chat/ChatIntroPage.tsx')) },
  { path: 'connect-data-sources', lazy: page(() => import('../pages/main/ConnectDataSourcesPage.tsx')) },
  {
    path: 'conversations/channel/:conversationId',
    lazy: page(() => import('../pages/chat/ConversationPage.tsx')),
  },
  {
    path: 'conversations/direct/:conversationId',
    lazy: page(() => import('../pages/chat/ConversationPage.tsx')),
  },
  { path: 'announcements', lazy: page(() => import('../pages/main/AnnouncementsPage.tsx')) },
  {
    path: 'conversations/:id/details',
    lazy: page(() => import('../pages/chat/ConversationDetailsPage.tsx')),
  },
  { path: 'thread/:messageId', lazy: page(() => import('../pages/chat/ThreadPage.tsx')) },
  { path: 'search', lazy: page(() => import('../pages/chat/SearchPage.tsx')) },
  { path: 'residents', lazy: page(() => import('../pages/residents/ResidentsPage.tsx')) },
  { path: 'requests', lazy: page(() => import('../pages/main/RequestsPage.tsx')) },
  { path: 'requests/:requestId', lazy: page(() => import('../pages/main/RequestsPage.tsx')) },
  { path: 'events', lazy: page(() => import('../pages/main/EventsPage.tsx')) },
  { path: 'events/:eventId', lazy: page(() => import('../pages/main/EventsPage.tsx')) },
];

const adminDashboardChildren: RouteObject[] = [
  { index: true, loader: () => redirect(DASHBOARD_PATHS.statistics) },
  { path: 'statistics', lazy: page(() => import('../pages/admin/StatisticsPage.tsx')) },
  { path: 'billing', lazy: page(() => import('../pages/admin/BillingPage.tsx')) },
  { path: 'user-approval', lazy: page(() => import('../pages/admin/UserApprovalPage.tsx')) },
  { path: 'flagged_content', lazy: page(() => import('../pages/admin/FlaggedContentPage.tsx')) },
  { path: 'announcements', lazy: page(() => import('../pages/admin/AdminAnnouncementsPage.tsx')) },
  // ---- user approval: the audit log (R-ADMIN-17) ----
  { path: 'audit-log', lazy: page(() => import('../pages/admin/AuditLogPage.tsx')) },
  { path: 'requests', lazy: page(() => import('../pages/admin/AdminRequestsPage.tsx')) },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: PATHS.root,
    Component: RootLayout,
    HydrateFallback: SplashScreen,
    ErrorBoundary: RouteErrorPage,
    middleware: [guardMiddleware],
    // Middleware runs only when some loader runs; this one always does, so the guard sees every
    // navigation.
    loader: () => null,
    shouldRevalidate: () => true,
    children: [
      // The guard always redirects '/', so the index never renders.
      { index: true, Component: () => null },
      { path: PATHS.login, lazy: page(() => import('../pages/public/LoginPage.tsx')) },
      { path: PATHS.forgotPassword, lazy: page(() => import('../pages/public/ForgotPasswordPage.tsx')) },
      { path: PATHS.resetPassword, lazy: page(() => import('../pages/public/ResetPasswordPage.tsx')) },
      { path: PATHS.webHome, lazy: page(() => import('../pages/public/WebHomePage.tsx')) },
      { path: PATHS.mobileHome, lazy: page(() => import('../pages/public/MobileHomePage.tsx')) },
      { path: PATHS.signup, lazy: page(() => import('../pages/public/SignupPage.tsx')) },
      { path: PATHS.contact, lazy: page(() => import('../pages/public/ContactPage.tsx')) },
      { path: PATHS.privacyPolicy, lazy: page(() => import('../pages/public/PrivacyPolicyPage.tsx')) },
      { path: PATHS.termsOfService, lazy: page(() => import('../pages/public/TermsOfServicePage.tsx')) },
      { path: PATHS.unauthorized, lazy: page(() => import('../pages/public/UnauthorizedPage.tsx')) },
      { path: PATHS.awaitingApproval, lazy: page(() => import('../pages/public/AwaitingApprovalPage.tsx')) },
      { path: PATHS.accountSettings, lazy: page(() => import('../pages/account/AccountSettingsPage.tsx')) },
      {
        path: PATHS.notificationSettings,
        lazy: page(() => import('../pages/account/PushSettingsPage.tsx')),
      },
      {
        path: PATHS.mainDashboard,
        lazy: page(() => import('../pages/main/MainDashboardLayout.tsx')),
        children: mainDashboardChildren,
      },
      {
        path: PATHS.adminDashboard,
        lazy: page(() => import('../pages/admin/AdminDashboardLayout.tsx')),
        children: adminDashboardChildren,
      },
      { path: '*', lazy: page(() => import('../pages/public/NotFoundPage.tsx')) },
    ],
  },
];

/**
 * Starts loading the page chunks of `pathname` at once (R-DELIVERY-9), in parallel with the guard's
 * session check, instead of after it: the LCP of a deep link no longer waits for two round trips in
 * a row. The router's own `lazy` call then finds the modules loaded.
 */
function preloadRouteChunks(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
  }
}

export function createAppRouter() {
  if (typeof window !== 'undefined') preloadRouteChunks(window.location.pathname);
  return createBrowserRouter(routes);
}
