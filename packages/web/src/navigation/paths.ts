/** Every path of R-ROUTE-1, named once. Links and redirects use these, never string literals. */
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
  accountSettings: '/account_settings',
  /** R-PUSH-9: push on this device, the resident's devices, sign out everywhere. */
  notificationSettings: '/account_settings/notifications',
  mainDashboard: '/main_dashboard',
  adminDashboard: '/admin_dashboard',
} as const;

const main = PATHS.mainDashboard;
const admin = PATHS.adminDashboard;

/** Children of the two dashboards, as absolute paths for links. */
export const DASHBOARD_PATHS = {
  chatIntro: `${main}/chat-intro`,
  connectDataSources: `${main}/connect-data-sources`,
  channel: (conversationId: string) => `${main}/conversations/channel/${encodeURIComponent(conversationId)}`,
  direct: (conversationId: string) => `${main}/conversations/direct/${encodeURIComponent(conversationId)}`,
  announcements: `${main}/announcements`,
  conversationDetails: (id: string) => `${main}/conversations/${encodeURIComponent(id)}/details`,
  thread: (messageId: string) => `${main}/thread/${encodeURIComponent(messageId)}`,
  search: `${main}/search`,
  /** R-PROFILE-3: the resident directory. */
  residents: `${main}/residents`,
  /** R-REQ-9: a resident's building requests to the office, and one of them. */
  requests: `${main}/requests`,
  request: (requestId: string) => `${main}/requests/${encodeURIComponent(requestId)}`,
  /** R-EVENT-10: upcoming events, and one of them. */
  events: `${main}/events`,
  event: (eventId: string) => `${main}/events/${encodeURIComponent(eventId)}`,
  statistics: `${admin}/statistics`,
  billing: `${admin}/billing`,
  userApproval: `${admin}/user-approval`,
  flaggedContent: `${admin}/flagged_content`,
  adminAnnouncements: `${admin}/announcements`,
  // ---- user approval: the audit log (R-ADMIN-17) ----
  auditLog: `${admin}/audit-log`,
  /** R-REQ-10: the office's queue of building requests. */
  adminRequests: `${admin}/requests`,
} as const;
