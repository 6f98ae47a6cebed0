/** User-visible texts fixed by the spec (R-ERR-0), defined once. */
export const TEXTS = {
  conversationNameTaken: 'A conversation with that name already exists. Please choose a different name.',
  channelNameTaken: 'A channel with that name already exists. Please choose a different name.',
  createConversationFailedStatus: (statusText: string) => `Failed to create conversation: ${statusText}`,
  createConversationFailed: 'Failed to create conversation. Please try again.',
  createChannelFailed: 'Failed to create channel. Please try again.',
  loginInvalidResponse: 'Login failed: Invalid response from server',
  /** The banner on every signed-in screen while an admin views as someone else. */
  viewingAs: (username: string) => `Viewing as ${username}`,
  viewingAsStop: 'Stop',
  viewingAsStopFailed: 'Could not stop viewing. Please try again.',
  /** R-ADMIN-18: in place of the conversation list and a conversation while viewing as someone. */
  viewingAsNoConversationsTitle: 'Conversations are not shown',
  viewingAsNoConversations:
    'Conversations are not available while viewing as someone else. Stop viewing to see your own.',
  noActiveConversation: 'No active conversation',
  // Lobby invitations a sign-up cannot use, each said for what it is (R-MOVEIN-14).
  inviteExpired: 'This invitation has expired. Ask your building’s admin for a new one.',
  inviteUsedUp:
    'This invitation has already admitted as many neighbours as it allows. Ask your building’s admin for a new one.',
  inviteRevoked: 'This invitation was withdrawn by your building’s admin. Ask them for a new one.',
  inviteUnknown:
    'This is not an invitation code we know. Check the link, or ask your building’s admin for a new one.',
  alreadyLiked: 'already liked',
  nativeCameraFailed: 'Failed to capture photo with native camera',
  // Billing
  billingNoPaymentProcessor:
    'No payment processor is connected: changing the plan changes the limits shown here and nothing is charged.',
  billingPlanChanged: (name: string) => `Plan changed to ${name}.`,
  billingPlanChangeFailed: 'Could not change the plan. Please try again.',
  statsLoadFailed: 'Could not load the statistics. Please try again.',
  billingLoadFailed: 'Could not load billing. Please try again.',
  // ---- moderation ----
  /** What residents see in place of a message an admin hid. */
  messageHiddenByAdmin: 'This message was hidden by an admin.',
  /** The mark the author and admins see on a hidden message. */
  messageHiddenMark: 'Hidden by an admin',
  noFlaggedMessages: 'No flagged messages',
  loadFlaggedFailed: 'Could not load the flagged messages.',
  /** A channel flag, unflag, hide or unhide the server refused: the screen rolls back. */
  channelChangeFailed: 'The channel could not be changed.',
  /** The resident directory found nobody for the search and filters. */
  directoryEmpty: 'No residents match',
  // ---- admin account screens ----
  lastAdmin: 'Stoop needs at least one active admin. Make someone else an admin first.',
  rejectNotPending:
    'Only accounts waiting for their first approval can be rejected. Lock this account instead.',
  // ---- attachments and reports (R-REPORT-*) ----
  /** A program, installer or script (or a page a browser would render) was refused. */
  attachmentTypeRefused: (extension: string) =>
    `.${extension} files can't be shared here: programs and scripts can harm other residents' devices. Put it in a zip or share a link instead.`,
  /** More files than one send takes were picked, pasted or dropped. */
  composerFilesTooMany: (max: number) => `At most ${max} files go out at once; the rest were left out.`,
  attachmentContentRefused:
    "This file is a program or a script, and those can't be shared here: they can harm other residents' devices.",
  reportSent: 'Thanks, the message was reported to the admins.',
  reportWithdrawn: 'Your report was withdrawn.',
  /** A send refused because the server is at capacity. */
  serverBusy: 'Stoop is busy right now. Try again in a moment.',
} as const;

/** Machine-readable error codes carried in `{statusCode, error, message, code}` bodies. */
export const ERROR_CODES = {
  accountLocked: 'ACCOUNT_LOCKED',
  csrfMissing: 'CSRF_INVALID',
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  /** The server takes no more sends for the moment; the answer carries Retry-After. */
  serverBusy: 'SERVER_BUSY',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** A socket refused: the resident or the session already has as many open as allowed. */
  tooManyConnections: 'TOO_MANY_CONNECTIONS',
  /** A socket refused: opened from a page of another site. */
  originNotAllowed: 'ORIGIN_NOT_ALLOWED',
  /** A bearer token sent with the session cookie of another account. */
  mixedCredentials: 'MIXED_CREDENTIALS',
  /** An admin viewing Stoop as someone else (set-user) may only look, never act. */
  viewingAs: 'VIEWING_AS',
} as const;

// ---- message search ------------------------------------------------------------
/** What a search answers when one of its modifiers cannot be used; `token` is the modifier as typed. */
export const SEARCH_TEXTS = {
  missingValue: (token: string) => `Missing value in ${token}`,
  invalidDate: (token: string) => `Invalid date in ${token}`,
  unknownHas: (token: string) => `Unknown filter in ${token} (use has:file or has:link)`,
  repeated: (key: string) => `Use ${key}: only once in a search`,
  unknownUser: (token: string) => `Unknown user in ${token}`,
  unknownChannel: (token: string) => `Unknown channel in ${token}`,
  failed: 'Search failed. Please try again.',
} as const;
