/** User-visible texts fixed by the spec (R-ERR-0), defined once. */
export const TEXTS = {
  conversationNameTaken: 'A conversation with that name already exists. Please choose a different name.',
  channelNameTaken: 'A channel with that name already exists. Please choose a different name.',
  createConversationFailedStatus: (statusText: string) => `Failed to create conversation: ${statusText}`,
  createConversationFailed: 'Failed to create conversation. Please try again.',
  createChannelFailed: 'Failed to create channel. Please try again.',
  loginInvalidResponse: 'Login failed: Invalid response from server',
  noActiveConversation: 'No active conversation',
  alreadyLiked: 'already liked',
  nativeCameraFailed: 'Failed to capture photo with native camera',
  // ---- admin account screens (R-ADMIN-13, R-ADMIN-14) ----
  lastAdmin: 'Stoop needs at least one active admin. Make someone else an admin first.',
  rejectNotPending:
    'Only accounts waiting for their first approval can be rejected. Lock this account instead.',
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
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
} as const;
