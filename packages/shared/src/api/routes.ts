/**
 * The HTTP calls of the API without their schemas: method, path, access rule and body encoding.
 * It stays free of zod so the web client can import it in the first-load bundle; the schemas of
 * each call are in ./contract.ts, keyed by the same names, and ./table.ts joins the two halves
 * into the one route table the server serves and the web client calls.
 */

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone, a signed-in user, or an admin. Locked accounts are refused everywhere
 * except on calls with `allowLocked` (the lock check runs before the route, in the auth hooks).
 */
type Access = 'public' | 'user' | 'admin';

/**
 * `json`: a JSON body. `multipart`: multipart/form-data (text fields plus at most one file, see the
 * contract's `multipart`); these calls also take the same fields as JSON. `none`: no body.
 */
type BodyEncoding = 'json' | 'multipart' | 'none';

export interface RouteInfo {
  method: HttpMethod;
  /** Fastify style: `:name` marks a path parameter. */
  path: string;
  access: Access;
  /**
   * Whose role the access rule judges. Default: the user the request acts as. `sessionOwner`: the
   * signed-in account itself, so an admin acting as a resident can still switch back (set-user).
   */
  judgedOn?: 'sessionOwner';
  /** Locked accounts may call it too (session checks, logout, CSRF, log intake). */
  allowLocked?: true;
  /** No CSRF token required: the log beacon cannot set headers (it is size- and rate-limited instead). */
  csrf?: false;
  encoding: BodyEncoding;
  /** `binary`: the answer is a file (image or attachment), not JSON. */
  answer?: 'binary';
  /**
   * R-NATIVE-7: an image an `<img src>` of the native app loads, which cannot send a header: a
   * short-lived media ticket in `?mt=` authenticates it instead.
   */
  mediaTicket?: true;
  /** OpenAPI tag and one-line summary. */
  tag:
    | 'auth'
    | 'users'
    | 'admin'
    | 'conversations'
    | 'messages'
    | 'files'
    | 'logs'
    | 'announcements'
    | 'notifications'
    | 'push'
    | 'stats'
    | 'integrations'
    | 'building'
    | 'requests'
    | 'movein';
  summary: string;
  description?: string;
}

export const API_ROUTES = {
  // ---- auth ----------------------------------------------------------------------------------
  getCsrfToken: {
    method: 'GET',
    path: '/api/csrf-token',
    access: 'public',
    allowLocked: true,
    encoding: 'none',
    tag: 'auth',
    summary: 'Issue a CSRF token (sets the stoop_csrf cookie)',
  },
  getSessionUser: {
    method: 'GET',
    path: '/api/protected/user',
    access: 'user',
    allowLocked: true,
    encoding: 'none',
    tag: 'auth',
    summary: 'The signed-in user (session check)',
  },
  login: {
    method: 'POST',
    path: '/api/login',
    access: 'public',
    encoding: 'json',
    tag: 'auth',
    summary: 'Sign in',
    description:
      'A web client gets the session cookie. A native client sends `X-Stoop-Client: native` (and `X-Stoop-Platform: android|ios`), needs no CSRF token, gets no cookie and receives `{user, token}`: the token is sent as `Authorization: Bearer <token>` on every later call and as `auth: {token}` in the Socket.IO handshake (R-NATIVE-1).',
  },
  logout: {
    method: 'POST',
    path: '/api/logout',
    access: 'public',
    allowLocked: true,
    encoding: 'none',
    tag: 'auth',
    summary: 'End the session; returns a fresh CSRF token',
    description:
      'With `Authorization: Bearer`, revokes that token: its sockets disconnect at once and the answer carries no CSRF token (R-NATIVE-4).',
  },
  logoutEverywhere: {
    method: 'POST',
    path: '/api/logout-everywhere',
    access: 'user',
    allowLocked: true,
    encoding: 'none',
    tag: 'auth',
    summary: 'End every session of the account, this one included; returns a fresh CSRF token',
  },
  signup: {
    method: 'POST',
    path: '/api/signup',
    access: 'public',
    encoding: 'json',
    tag: 'auth',
    summary: 'Create an account (locked until approved) and sign in',
    description: 'With `X-Stoop-Client: native`, answers `{user, token}` like login (R-NATIVE-1).',
  },
  getMediaTicket: {
    method: 'GET',
    path: '/api/media-ticket',
    access: 'user',
    encoding: 'none',
    tag: 'auth',
    summary: 'A short-lived ticket for image URLs (`?mt=`), for clients whose images cannot send a header',
  },
  listNativeSessions: {
    method: 'GET',
    path: '/api/native-sessions',
    access: 'user',
    encoding: 'none',
    tag: 'auth',
    summary: "The android and ios apps signed in to the caller's account (platform, signed in, last used)",
  },
  revokeNativeSession: {
    method: 'DELETE',
    path: '/api/native-sessions/:id',
    access: 'user',
    allowLocked: true,
    encoding: 'none',
    tag: 'auth',
    summary: "Sign one of the caller's apps out (revokes its token, closes its sockets)",
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/forgot-password',
    access: 'public',
    encoding: 'json',
    tag: 'auth',
    summary: 'Mail a password reset link (always 204)',
  },
  resetPassword: {
    method: 'POST',
    path: '/api/reset-password',
    access: 'public',
    encoding: 'json',
    tag: 'auth',
    summary: 'Set a new password with a reset token; ends all sessions',
  },
  contact: {
    method: 'POST',
    path: '/api/contact',
    access: 'public',
    // A locked resident writes to the office from the awaiting-approval page (R-ACCESS-4).
    allowLocked: true,
    encoding: 'json',
    tag: 'auth',
    summary: 'Send a message to the community admins',
  },
  setUser: {
    method: 'POST',
    path: '/api/set-user',
    access: 'admin',
    judgedOn: 'sessionOwner',
    allowLocked: true,
    encoding: 'json',
    tag: 'admin',
    summary: 'Admin support: act as another user (own id to stop); audited',
  },

  // ---- users ---------------------------------------------------------------------------------
  listUsers: {
    method: 'GET',
    path: '/api/users',
    access: 'user',
    encoding: 'none',
    tag: 'users',
    summary: 'The resident directory: approved residents (public fields), text search q, metadata filters',
    description:
      'q matches usernames and descriptions. Filters: interests (comma list), lookingFor (text), newToArea (true/false), and gender, sexuality, relationshipStatus, hasKids, smoking, drinking, pets (one allowed value or a comma list; any matches). Paged with limit and offset.',
  },
  getUser: {
    method: 'GET',
    path: '/api/users/:id',
    access: 'user',
    encoding: 'none',
    tag: 'users',
    summary: 'One user',
  },
  updateProfile: {
    method: 'PUT',
    path: '/api/profile',
    access: 'user',
    encoding: 'multipart',
    tag: 'users',
    summary: 'Update the own profile',
    description:
      'multipart/form-data (or JSON): username, email, description, avatar (image file), avatarPath ("" removes), metadata (JSON object; merged).',
  },
  getAvatar: {
    method: 'GET',
    path: '/api/avatars/:file',
    access: 'user',
    encoding: 'none',
    answer: 'binary',
    mediaTicket: true,
    tag: 'users',
    summary: 'An avatar picture (signed-in users only)',
  },

  // ---- admin ---------------------------------------------------------------------------------
  adminListUsers: {
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Accounts by status (pending_approval, admin_lock, unlocked)',
  },
  approveUser: {
    method: 'POST',
    path: '/api/admin/users/:id/approve',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Approve: unlocks the resident at once',
  },
  lockUser: {
    method: 'POST',
    path: '/api/admin/users/:id/lock',
    access: 'admin',
    encoding: 'json',
    tag: 'admin',
    summary: 'Lock (reason defaults to pending_approval)',
  },
  unlockUser: {
    method: 'POST',
    path: '/api/admin/users/:id/unlock',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Unlock',
  },
  setUserRole: {
    method: 'POST',
    path: '/api/admin/users/:id/role',
    access: 'admin',
    encoding: 'json',
    tag: 'admin',
    summary: 'Set role (admin or resident)',
  },
  getAuditLog: {
    method: 'GET',
    path: '/api/audit-log',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Admin actions, newest first (page, limit ≤ 100)',
  },

  // ---- conversations -------------------------------------------------------------------------
  listConversations: {
    method: 'GET',
    path: '/api/conversations',
    access: 'user',
    encoding: 'none',
    tag: 'conversations',
    summary: 'The caller’s direct conversations and visible channels',
  },
  getConversationDetails: {
    method: 'GET',
    path: '/api/conversations/:id/details',
    access: 'user',
    encoding: 'none',
    tag: 'conversations',
    summary: 'Participants, message and file counts, recent files',
  },
  createConversation: {
    method: 'POST',
    path: '/api/conversations',
    access: 'user',
    encoding: 'multipart',
    tag: 'conversations',
    summary: 'Create a direct conversation (JSON) or a channel (multipart with optional icon)',
    description: 'A direct conversation with the same resident is reused (200). Channel name taken: 409.',
  },
  updateConversation: {
    method: 'PATCH',
    path: '/api/conversations/:id',
    access: 'user',
    encoding: 'multipart',
    tag: 'conversations',
    summary: 'Rename, describe or re-icon (multipart); creator or admin',
  },
  deleteConversation: {
    method: 'DELETE',
    path: '/api/conversations/:id',
    access: 'user',
    encoding: 'none',
    tag: 'conversations',
    summary: 'Delete with its messages; creator or admin',
  },
  markConversationRead: {
    method: 'POST',
    path: '/api/conversations/:id/read',
    access: 'user',
    encoding: 'json',
    tag: 'conversations',
    summary: 'Marks the conversation read up to a change-feed position (messages seen live)',
  },
  flagChannel: {
    method: 'PATCH',
    path: '/api/conversations/:id/admin-flag-channel',
    access: 'admin',
    encoding: 'none',
    tag: 'conversations',
    summary: 'Admin: flag a channel (R-CONV-2)',
  },
  unflagChannel: {
    method: 'PATCH',
    path: '/api/conversations/:id/admin-unflag-channel',
    access: 'admin',
    encoding: 'none',
    tag: 'conversations',
    summary: 'Admin: unflag a channel (R-CONV-2)',
  },
  hideChannel: {
    method: 'PATCH',
    path: '/api/conversations/:id/admin-hide-channel',
    access: 'admin',
    encoding: 'none',
    tag: 'conversations',
    summary: 'Admin: hide a channel (R-CONV-2)',
  },

  // ---- messages ------------------------------------------------------------------------------
  getMessages: {
    method: 'GET',
    path: '/api/conversations/:id/messages',
    access: 'user',
    encoding: 'none',
    tag: 'messages',
    summary: 'A page of top-level messages, keyset on (createdAt, id); beforeId breaks createdAt ties',
  },
  sendMessage: {
    method: 'POST',
    path: '/api/conversations/:id/messages',
    access: 'user',
    encoding: 'multipart',
    tag: 'messages',
    summary: 'Send (JSON, or multipart with a file: content, parentMessageId?, file?, clientMessageId?)',
    description: '201 with the message; a repeated clientMessageId answers 200 with the first message.',
  },
  flagMessage: {
    method: 'POST',
    path: '/api/conversations/:id/flag',
    access: 'user',
    encoding: 'json',
    tag: 'messages',
    summary: 'Flag a message for the admins (idempotent)',
  },
  withdrawFlag: {
    method: 'DELETE',
    path: '/api/conversations/:id/flag/:messageId',
    access: 'user',
    encoding: 'none',
    tag: 'messages',
    summary: 'Withdraw one’s own report of a message (none given is no change)',
  },
  likeMessage: {
    method: 'POST',
    path: '/api/messages/:id/like',
    access: 'user',
    encoding: 'none',
    tag: 'messages',
    summary: 'Like; twice is a 400 "already liked"',
  },
  unlikeMessage: {
    method: 'DELETE',
    path: '/api/messages/:id/like',
    access: 'user',
    encoding: 'none',
    tag: 'messages',
    summary: 'Unlike; not liked is a 400',
  },
  addReaction: {
    method: 'POST',
    path: '/api/messages/:id/reactions',
    access: 'user',
    encoding: 'json',
    tag: 'messages',
    summary: 'React with one emoji (again is no change); at most 20 different emoji per message',
  },
  removeReaction: {
    method: 'DELETE',
    path: '/api/messages/:id/reactions/:emoji',
    access: 'user',
    encoding: 'none',
    tag: 'messages',
    summary: 'Take back an emoji reaction (the emoji URL-encoded); none given is no change',
  },
  editMessage: {
    method: 'PUT',
    path: '/api/messages/:id',
    access: 'user',
    encoding: 'json',
    tag: 'messages',
    summary: 'Edit (author only)',
  },
  deleteMessage: {
    method: 'DELETE',
    path: '/api/messages/:id',
    access: 'user',
    encoding: 'none',
    tag: 'messages',
    summary: 'Delete, leaving a tombstone (author or admin)',
  },
  getThread: {
    method: 'GET',
    path: '/api/messages/:id/thread',
    access: 'user',
    encoding: 'none',
    tag: 'messages',
    summary: 'A message’s thread',
  },
  searchMessages: {
    method: 'GET',
    path: '/api/messages/search',
    access: 'user',
    encoding: 'none',
    tag: 'messages',
    summary: 'Full-text search over readable, undeleted messages',
    description:
      'q: words (the last a prefix), "phrases", from:@user, in:#channel, in:@user, before:/after:YYYY-MM-DD, has:file, has:link. Ranked; total up to 200 with totalIsLowerBound; hits carry the conversation name and highlight offsets.',
  },
  sync: {
    method: 'GET',
    path: '/api/sync',
    access: 'user',
    encoding: 'none',
    tag: 'messages',
    summary: 'Every message change after seq the caller may see (tombstones included), paged',
  },

  // ---- files ---------------------------------------------------------------------------------
  getFile: {
    method: 'GET',
    path: '/api/files/:id',
    access: 'user',
    encoding: 'none',
    answer: 'binary',
    mediaTicket: true,
    tag: 'files',
    summary: 'An attachment, to those who may read its conversation',
  },
  getFileThumbnail: {
    method: 'GET',
    path: '/api/files/:id/thumbnail',
    access: 'user',
    encoding: 'none',
    answer: 'binary',
    mediaTicket: true,
    tag: 'files',
    summary: 'The 320 px webp preview of an image',
  },

  // ---- logs ----------------------------------------------------------------------------------
  sendLogs: {
    method: 'POST',
    path: '/api/logs/frontend',
    access: 'public',
    allowLocked: true,
    csrf: false,
    encoding: 'json',
    tag: 'logs',
    summary: 'Client log intake (fetch or sendBeacon; text/plain JSON accepted)',
  },
  // ---- announcements -------------------------------------------------------------------------
  listAnnouncements: {
    method: 'GET',
    path: '/api/announcements',
    access: 'user',
    encoding: 'none',
    tag: 'announcements',
    summary: 'A page of announcements: pinned first, then newest first, with the reader’s read state',
  },
  createAnnouncement: {
    method: 'POST',
    path: '/api/announcements',
    access: 'admin',
    encoding: 'json',
    tag: 'announcements',
    summary: 'Post an announcement (admins); every connected resident gets it live',
  },
  updateAnnouncement: {
    method: 'PATCH',
    path: '/api/announcements/:id',
    access: 'admin',
    encoding: 'json',
    tag: 'announcements',
    summary: 'Change an announcement (admins)',
  },
  deleteAnnouncement: {
    method: 'DELETE',
    path: '/api/announcements/:id',
    access: 'admin',
    encoding: 'none',
    tag: 'announcements',
    summary: 'Delete an announcement (admins)',
  },
  markAnnouncementRead: {
    method: 'POST',
    path: '/api/announcements/:id/read',
    access: 'user',
    encoding: 'none',
    tag: 'announcements',
    summary: 'Mark one announcement read; answers the reader’s unread count',
  },
  markAllAnnouncementsRead: {
    method: 'POST',
    path: '/api/announcements/read-all',
    access: 'user',
    encoding: 'none',
    tag: 'announcements',
    summary: 'Mark every announcement read',
  },
  listPendingUrgent: {
    method: 'GET',
    path: '/api/announcements/urgent',
    access: 'user',
    encoding: 'none',
    tag: 'announcements',
    summary: 'The urgent announcements the reader has not acknowledged yet (the banner, R-REACH-3)',
  },
  acknowledgeAnnouncement: {
    method: 'POST',
    path: '/api/announcements/:id/acknowledge',
    access: 'user',
    encoding: 'none',
    tag: 'announcements',
    summary: 'Got it: acknowledge an announcement (also marks it read)',
  },
  getAnnouncementReceipts: {
    method: 'GET',
    path: '/api/announcements/:id/receipts',
    access: 'admin',
    encoding: 'none',
    tag: 'announcements',
    summary: 'Who it reached by push, mail or in the app, who saw and acknowledged it (admins, R-REACH-4)',
  },
  remindAnnouncement: {
    method: 'POST',
    path: '/api/announcements/:id/remind',
    access: 'admin',
    encoding: 'none',
    tag: 'announcements',
    summary: 'Send it again to the residents who have not seen it (admins)',
  },

  // ---- integrations (R-INTEG) ----------------------------------------------------------------
  listIntegrations: {
    method: 'GET',
    path: '/api/integrations',
    access: 'user',
    encoding: 'none',
    tag: 'integrations',
    summary: 'The data sources feeding channels (addresses and errors for admins only)',
  },
  createIntegration: {
    method: 'POST',
    path: '/api/integrations',
    access: 'admin',
    encoding: 'json',
    tag: 'integrations',
    summary: 'Connect a webhook, RSS/Atom feed or iCal calendar to a channel (admins)',
  },
  updateIntegration: {
    method: 'PATCH',
    path: '/api/integrations/:id',
    access: 'admin',
    encoding: 'json',
    tag: 'integrations',
    summary: 'Rename, move, re-point, pause or resume a data source (admins)',
  },
  rotateIntegrationSecret: {
    method: 'POST',
    path: '/api/integrations/:id/rotate-secret',
    access: 'admin',
    encoding: 'none',
    tag: 'integrations',
    summary: 'Give a webhook a new secret address; the old one stops working (admins)',
  },
  deleteIntegration: {
    method: 'DELETE',
    path: '/api/integrations/:id',
    access: 'admin',
    encoding: 'none',
    tag: 'integrations',
    summary: 'Disconnect a data source; its messages stay (admins)',
  },
  postWebhook: {
    method: 'POST',
    path: '/api/hooks/:id/:secret',
    access: 'public',
    csrf: false,
    encoding: 'json',
    tag: 'integrations',
    summary: 'Incoming webhook (Slack-compatible {text, username?, icon_url?}); the secret is in the path',
  },

  // ---- notifications -------------------------------------------------------------------------
  getNotificationSettings: {
    method: 'GET',
    path: '/api/notification-settings',
    access: 'user',
    encoding: 'none',
    tag: 'notifications',
    summary: 'The reader’s notification settings: push and mail per kind, daily digest, quiet hours',
  },
  updateNotificationSettings: {
    method: 'PUT',
    path: '/api/notification-settings',
    access: 'user',
    encoding: 'json',
    tag: 'notifications',
    summary: 'Replace the reader’s notification settings',
  },
  unsubscribeMail: {
    method: 'POST',
    path: '/api/unsubscribe',
    access: 'public',
    csrf: false,
    encoding: 'none',
    tag: 'notifications',
    summary: 'One-click unsubscribe from notification mail (RFC 8058): the signed token is the authority',
  },
  listNotifications: {
    method: 'GET',
    path: '/api/notifications',
    access: 'user',
    encoding: 'none',
    tag: 'notifications',
    summary: 'The reader’s notifications, newest first, with the unread count',
  },
  markNotificationsRead: {
    method: 'POST',
    path: '/api/notifications/mark-read',
    access: 'user',
    encoding: 'json',
    tag: 'notifications',
    summary: 'Mark notifications read: {ids} marks those, no payload marks all',
  },
  listMutedConversations: {
    method: 'GET',
    path: '/api/notifications/muted-conversations',
    access: 'user',
    encoding: 'none',
    tag: 'notifications',
    summary: 'The conversations the reader muted',
  },
  muteConversation: {
    method: 'PUT',
    path: '/api/conversations/:id/mute',
    access: 'user',
    encoding: 'json',
    tag: 'notifications',
    summary: 'Mute or unmute a conversation: a muted one notifies nothing and counts no badge',
  },
  // ---- push ----------------------------------------------------------------------------------
  registerPushToken: {
    method: 'POST',
    path: '/api/register-push-token',
    access: 'user',
    encoding: 'none',
    tag: 'push',
    summary: 'Register this device for push (web: the PushSubscription JSON, URL-encoded)',
    description: '201 when new for this user, 200 when it was already registered.',
  },
  unregisterPushToken: {
    method: 'DELETE',
    path: '/api/unregister-push-token',
    access: 'user',
    encoding: 'none',
    tag: 'push',
    summary: "Remove one of the caller's push tokens, or all of them with all=true",
  },
  getVapidPublicKey: {
    method: 'GET',
    path: '/api/push/vapid-public-key',
    access: 'public',
    encoding: 'none',
    tag: 'push',
    summary: 'The application server key for pushManager.subscribe',
  },
  listPushDevices: {
    method: 'GET',
    path: '/api/push/devices',
    access: 'user',
    encoding: 'none',
    tag: 'push',
    summary: "The caller's devices registered for push (platform, created, last used, this device)",
  },
  removePushDevice: {
    method: 'DELETE',
    path: '/api/push/devices/:id',
    access: 'user',
    encoding: 'none',
    tag: 'push',
    summary: "Remove one of the caller's devices from push; another user's id removes nothing",
  },

  // ---- statistics and billing (R-STATS, R-BILL) ------------------------------------------------
  getStats: {
    method: 'GET',
    path: '/api/stats',
    access: 'user',
    encoding: 'none',
    tag: 'stats',
    summary: 'Community statistics; admins also get moderation figures',
  },
  getBilling: {
    method: 'GET',
    path: '/api/billing',
    access: 'user',
    encoding: 'none',
    tag: 'stats',
    summary: 'The community plan and its usage against the plan limits',
  },
  setBillingPlan: {
    method: 'PUT',
    path: '/api/billing/plan',
    access: 'admin',
    encoding: 'json',
    tag: 'stats',
    summary: 'Admin: change the plan (stored, audited; overrides STOOP_PLAN)',
  },
  // ---- moderation: flagged content (R-ADMIN-7..10) ---------------------------------------------
  listFlagged: {
    method: 'GET',
    path: '/api/admin/flagged',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Flagged messages awaiting review, newest flag first, with context, author and flaggers',
  },
  dismissFlagged: {
    method: 'POST',
    path: '/api/admin/messages/:id/dismiss',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Take a message off the flagged queue and keep it; audited',
  },
  hideMessage: {
    method: 'POST',
    path: '/api/admin/messages/:id/hide',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Hide a message from residents (its author and admins still see it); audited',
  },
  unhideMessage: {
    method: 'POST',
    path: '/api/admin/messages/:id/unhide',
    access: 'admin',
    encoding: 'none',
    tag: 'admin',
    summary: 'Show a hidden message again; audited',
  },
  // ---- resident directory and profile options ------------------------------------------------
  getProfileOptions: {
    method: 'GET',
    path: '/api/profile/options',
    access: 'user',
    encoding: 'none',
    tag: 'users',
    summary: 'The allowed values of every enumerated profile metadata field',
  },
  // ---- user approval (admin account screens, R-ADMIN-12, R-ADMIN-13) ---------------------------
  bulkApproveUsers: {
    method: 'POST',
    path: '/api/admin/users/approve',
    access: 'admin',
    encoding: 'json',
    tag: 'admin',
    summary: 'Approve several accounts at once ({ids}); answers those approved and the unknown ids',
  },
  rejectUser: {
    method: 'POST',
    path: '/api/admin/users/:id/reject',
    access: 'admin',
    encoding: 'json',
    tag: 'admin',
    summary: 'Reject a sign-up waiting for its first approval: removes the account, mails the message',
  },
  // ---- building life: polls (R-POLL) -----------------------------------------------------------
  createPoll: {
    method: 'POST',
    path: '/api/conversations/:id/polls',
    access: 'user',
    encoding: 'json',
    tag: 'building',
    summary: 'Ask a poll in a conversation one may post in; a poll message appears there',
  },
  getPoll: {
    method: 'GET',
    path: '/api/polls/:id',
    access: 'user',
    encoding: 'none',
    tag: 'building',
    summary: 'A poll with its counts and the reader’s vote, to those who may read its conversation',
  },
  votePoll: {
    method: 'POST',
    path: '/api/polls/:id/votes',
    access: 'user',
    encoding: 'json',
    tag: 'building',
    summary:
      'Vote (or change the vote) until the poll closes; everyone in the conversation sees the counts live',
  },
  closePoll: {
    method: 'POST',
    path: '/api/polls/:id/close',
    access: 'user',
    encoding: 'none',
    tag: 'building',
    summary: 'Close a poll now (its asker, or an admin who may read its conversation); the counts stay',
  },
  // ---- building requests to the office (R-REQ) ------------------------------------------------
  listRequests: {
    method: 'GET',
    path: '/api/requests',
    access: 'user',
    encoding: 'none',
    tag: 'requests',
    summary: 'A page of requests, newest first: a resident’s own, or every request for admins',
  },
  createRequest: {
    method: 'POST',
    path: '/api/requests',
    access: 'user',
    encoding: 'multipart',
    tag: 'requests',
    summary: 'File a request to the office (category, title, description, optional photo)',
  },
  getRequest: {
    method: 'GET',
    path: '/api/requests/:id',
    access: 'user',
    encoding: 'none',
    tag: 'requests',
    summary: 'One request with its history (its requester or an admin; anyone else 404)',
  },
  updateRequest: {
    method: 'PATCH',
    path: '/api/requests/:id',
    access: 'admin',
    encoding: 'json',
    tag: 'requests',
    summary: 'Change a request’s status with an optional note (admins); tells the requester; audited',
  },
  cancelRequest: {
    method: 'POST',
    path: '/api/requests/:id/cancel',
    access: 'user',
    encoding: 'none',
    tag: 'requests',
    summary: 'Cancel one’s own request while it is still open',
  },
  commentOnRequest: {
    method: 'POST',
    path: '/api/requests/:id/comments',
    access: 'user',
    encoding: 'json',
    tag: 'requests',
    summary: 'A follow-up from the requester or a note from an admin',
  },
  getRequestPhoto: {
    method: 'GET',
    path: '/api/requests/:id/photo',
    access: 'user',
    encoding: 'none',
    answer: 'binary',
    mediaTicket: true,
    tag: 'requests',
    summary: 'The request’s photo (its requester or an admin)',
  },
  // ---- building life: events with RSVP (R-EVENT) ----------------------------------------------
  createEvent: {
    method: 'POST',
    path: '/api/events',
    access: 'user',
    encoding: 'json',
    tag: 'building',
    summary: 'Create an event (optionally posted into a conversation one may post in, as an event card)',
  },
  listEvents: {
    method: 'GET',
    path: '/api/events',
    access: 'user',
    encoding: 'none',
    tag: 'building',
    summary: 'The events the viewer may see overlapping from..to, by start, with counts and own RSVP',
  },
  getEvent: {
    method: 'GET',
    path: '/api/events/:id',
    access: 'user',
    encoding: 'none',
    tag: 'building',
    summary: 'An event with its counts, who is going and the reader’s RSVP, to those who may see it',
  },
  rsvpEvent: {
    method: 'POST',
    path: '/api/events/:id/rsvp',
    access: 'user',
    encoding: 'json',
    tag: 'building',
    summary: 'Answer going, maybe or no (one answer per resident, changeable); counts update live',
  },
  getEventIcs: {
    method: 'GET',
    path: '/api/events/:id.ics',
    access: 'user',
    encoding: 'none',
    answer: 'binary',
    tag: 'building',
    summary: 'The event as an iCalendar (RFC 5545) file to download',
  },
  getCalendarFeedUrl: {
    method: 'GET',
    path: '/api/calendar/feed-url',
    access: 'user',
    encoding: 'none',
    tag: 'building',
    summary: 'The resident’s calendar feed address (a secret token; calendar apps send no cookie)',
  },
  rotateCalendarFeedUrl: {
    method: 'POST',
    path: '/api/calendar/feed-url',
    access: 'user',
    encoding: 'none',
    tag: 'building',
    summary: 'Replace the calendar feed address; the old one stops working at once',
  },
  getCalendarFeed: {
    method: 'GET',
    path: '/api/calendar/:token.ics',
    access: 'public',
    encoding: 'none',
    answer: 'binary',
    tag: 'building',
    summary: 'The resident’s calendar feed: the events they said going or maybe to (wrong token 404)',
  },
  updateEvent: {
    method: 'PATCH',
    path: '/api/events/:id',
    access: 'user',
    encoding: 'json',
    tag: 'building',
    summary: 'Change an event (its creator, or an admin who may see it); those going or maybe are told',
  },
  cancelEvent: {
    method: 'DELETE',
    path: '/api/events/:id',
    access: 'user',
    encoding: 'none',
    tag: 'building',
    summary: 'Cancel an event (its creator, or an admin who may see it); its card says Cancelled',
  },
  // ---- moving a building in (R-MOVEIN) ------------------------------------------------------
  previewWhatsappImport: {
    method: 'POST',
    path: '/api/admin/imports/whatsapp/preview',
    access: 'admin',
    encoding: 'multipart',
    tag: 'movein',
    summary: 'Read a WhatsApp export (.txt or .zip) and show what an import would bring; writes nothing',
  },
  importWhatsapp: {
    method: 'POST',
    path: '/api/admin/imports/whatsapp',
    access: 'admin',
    encoding: 'multipart',
    tag: 'movein',
    summary: 'Import a WhatsApp export into a channel (admins); importing it again adds nothing',
  },
  listImports: {
    method: 'GET',
    path: '/api/admin/imports',
    access: 'admin',
    encoding: 'none',
    tag: 'movein',
    summary: 'The imports, newest first, with their progress while they run',
  },
  undoImport: {
    method: 'DELETE',
    path: '/api/admin/imports/:id',
    access: 'admin',
    encoding: 'none',
    tag: 'movein',
    summary: 'Undo an import as a whole: its messages and attachments are removed',
  },
  listInvites: {
    method: 'GET',
    path: '/api/admin/invites',
    access: 'admin',
    encoding: 'none',
    tag: 'movein',
    summary: 'Invitation links with who joined through each, newest first',
  },
  createInvite: {
    method: 'POST',
    path: '/api/admin/invites',
    access: 'admin',
    encoding: 'json',
    tag: 'movein',
    summary: 'Create an invitation link with an expiry, a maximum of uses and approval at once or later',
  },
  revokeInvite: {
    method: 'DELETE',
    path: '/api/admin/invites/:id',
    access: 'admin',
    encoding: 'none',
    tag: 'movein',
    summary: 'Revoke an invitation: its link and code stop working at once',
  },
  setBuildingName: {
    method: 'PUT',
    path: '/api/admin/building-name',
    access: 'admin',
    encoding: 'json',
    tag: 'movein',
    summary: 'Set the building name shown on posters and on the sign-up page of an invitation',
  },
  lookupInvite: {
    method: 'GET',
    path: '/api/invites/:code',
    access: 'public',
    encoding: 'none',
    tag: 'movein',
    summary: 'The building an invitation code belongs to (404 when unknown, expired, used up or revoked)',
  },
} as const satisfies Record<string, RouteInfo>;

export type CallName = keyof typeof API_ROUTES;

export const CALL_NAMES = Object.keys(API_ROUTES) as CallName[];

/** A table path with its `:name` parameters filled in (URI-encoded). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
