import { ADMIN_DASHBOARD, MAIN_DASHBOARD, WEB_PATHS } from '@stoop/shared/web-paths';

/**
 * Every path of R-ROUTE-1, named once. Links and redirects use these, never string literals. The
 * pages the server links to as well come from @stoop/shared (web-paths.ts), the scheme both use.
 */
export const PATHS = {
  root: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  webHome: '/web-home',
  mobileHome: '/mobile-home',
  signup: '/signup',
  contact: '/contact',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  unauthorized: '/unauthorized',
  awaitingApproval: '/awaiting-approval',
  /** A notification mail's unsubscribe link, signed; works signed out. */
  unsubscribe: '/unsubscribe',
  accountSettings: '/account_settings',
  /** Push and mail per kind of notice, push on this device, sign out everywhere. */
  notificationSettings: '/account_settings/notifications',
  mainDashboard: MAIN_DASHBOARD,
  adminDashboard: ADMIN_DASHBOARD,
} as const;

const main = PATHS.mainDashboard;
const admin = PATHS.adminDashboard;

/** Children of the two dashboards, as absolute paths for links. */
export const DASHBOARD_PATHS = {
  chatIntro: WEB_PATHS.chatIntro,
  connectDataSources: `${main}/connect-data-sources`,
  channel: (conversationId: string) => WEB_PATHS.conversation('channel', conversationId),
  direct: (conversationId: string) => WEB_PATHS.conversation('direct', conversationId),
  announcements: WEB_PATHS.announcements,
  conversationDetails: (id: string) => `${main}/conversations/${encodeURIComponent(id)}/details`,
  thread: WEB_PATHS.thread,
  search: `${main}/search`,
  /** The resident directory. */
  residents: `${main}/residents`,
  /** R-REQ-9: a resident's building requests to the office, and one of them. */
  requests: WEB_PATHS.requests,
  request: WEB_PATHS.request,
  /** R-EVENT-10: upcoming events, and one of them. */
  events: WEB_PATHS.events,
  event: WEB_PATHS.event,
  statistics: `${admin}/statistics`,
  billing: `${admin}/billing`,
  userApproval: `${admin}/user-approval`,
  flaggedContent: `${admin}/flagged_content`,
  adminAnnouncements: `${admin}/announcements`,
  // ---- user approval: the audit log ----
  auditLog: `${admin}/audit-log`,
  /** R-REQ-10: the office's queue of building requests. */
  adminRequests: `${admin}/requests`,
  /** R-MOVEIN-12: the WhatsApp import screen. */
  whatsappImport: `${admin}/import`,
  /** R-MOVEIN-13: lobby invitations, and the printable poster of one. */
  invites: `${admin}/invites`,
  invitePoster: (inviteId: string) => `${admin}/invites/${encodeURIComponent(inviteId)}/poster`,
} as const;
