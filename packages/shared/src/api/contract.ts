/**
 * The schemas of every call in ./routes.ts, keyed by the same names: path parameters, query, JSON
 * body, multipart fields and the answers by status (errors are the common apiErrorSchema body).
 */
import { z } from 'zod';
import {
  createIntegrationBodySchema,
  integrationIdParamsSchema,
  integrationResponseSchema,
  integrationsListSchema,
  updateIntegrationBodySchema,
  webhookBodySchema,
  webhookParamsSchema,
  webhookResponseSchema,
} from '../schemas/integrations.ts';
import {
  adminUsersQuerySchema,
  apiErrorSchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
  contactBodySchema,
  contactResponseSchema,
  csrfTokenResponseSchema,
  forgotPasswordBodySchema,
  lockBodySchema,
  loginBodySchema,
  resetPasswordBodySchema,
  roleBodySchema,
  setUserBodySchema,
  setUserResponseSchema,
  signupBodySchema,
  userResponseSchema,
} from '../schemas/auth.ts';
import {
  conversationDetailsSchema,
  conversationIdParamsSchema,
  conversationResponseSchema,
  conversationsListResponseSchema,
  createConversationBodySchema,
  editMessageBodySchema,
  flagMessageBodySchema,
  withdrawFlagParamsSchema,
  reactionBodySchema,
  reactionParamsSchema,
  markReadBodySchema,
  messageResponseSchema,
  messagesPageSchema,
  messagesQuerySchema,
  searchQuerySchema,
  searchResultSchema,
  sendMessageFieldsSchema,
  syncQuerySchema,
  syncResultSchema,
  threadSchema,
  updateConversationBodySchema,
} from '../schemas/chat.ts';
import { logBatchSchema } from '../schemas/logs.ts';
import {
  logoutResponseSchema,
  mediaTicketQuerySchema,
  mediaTicketResponseSchema,
  nativeSessionParamsSchema,
  nativeSessionsResponseSchema,
  revokeNativeSessionResponseSchema,
  signInResponseSchema,
} from '../schemas/native.ts';
import {
  adminUsersPageSchema,
  bulkApproveBodySchema,
  bulkApproveResponseSchema,
  rejectBodySchema,
} from '../schemas/admin.ts';
import {
  pushDeviceParamsSchema,
  pushDevicesResponseSchema,
  registerPushTokenQuerySchema,
  registerPushTokenResponseSchema,
  unregisterPushTokenQuerySchema,
  unregisterPushTokenResponseSchema,
  vapidPublicKeySchema,
} from '../schemas/push.ts';
import {
  announcementIdParamsSchema,
  announcementResponseSchema,
  announcementsPageSchema,
  announcementsQuerySchema,
  announcementsUnreadSchema,
  createAnnouncementBodySchema,
  updateAnnouncementBodySchema,
  pendingUrgentSchema,
  acknowledgeResponseSchema,
  announcementReceiptsSchema,
  remindResponseSchema,
} from '../schemas/announcements.ts';
import {
  notificationSettingsResponseSchema,
  notificationSettingsSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
} from '../schemas/notification-settings.ts';
import {
  conversationMuteSchema,
  markNotificationsReadBodySchema,
  muteConversationBodySchema,
  mutedConversationsSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  notificationsUnreadSchema,
} from '../schemas/notifications.ts';
import {
  presentedUserResponseSchema,
  profileFieldsSchema,
  usersListResponseSchema,
  usersQuerySchema,
} from '../schemas/user.ts';
import {
  billingResponseSchema,
  setPlanBodySchema,
  statsQuerySchema,
  statsResponseSchema,
} from '../schemas/stats.ts';
import { flaggedPageSchema, flaggedQuerySchema, messageIdParamsSchema } from '../schemas/moderation.ts';
import { profileOptionsResponseSchema } from '../schemas/profile-options.ts';
import {
  createPollBodySchema,
  pollIdParamsSchema,
  pollResponseSchema,
  votePollBodySchema,
} from '../schemas/polls.ts';
import {
  calendarFeedParamsSchema,
  calendarFeedUrlSchema,
  createEventBodySchema,
  eventIdParamsSchema,
  eventResponseSchema,
  eventsListSchema,
  eventsQuerySchema,
  rsvpBodySchema,
  updateEventBodySchema,
} from '../schemas/calendar.ts';
import {
  createRequestFieldsSchema,
  requestCommentBodySchema,
  requestDetailSchema,
  requestIdParamsSchema,
  requestsPageSchema,
  requestsQuerySchema,
  updateRequestBodySchema,
} from '../schemas/requests.ts';
import {
  buildingNameBodySchema,
  buildingNameSchema,
  createInviteBodySchema,
  importIdParamsSchema,
  importPreviewSchema,
  importResultSchema,
  importsListSchema,
  IMPORT_SYSTEM_LINES,
  inviteCodeParamsSchema,
  inviteIdParamsSchema,
  inviteLookupSchema,
  inviteSchema,
  invitesListSchema,
} from '../schemas/movein.ts';
import type { CallName } from './routes.ts';

interface MultipartSpec {
  /** The text fields, as the handler validates them after reading the parts. */
  fields: z.ZodObject;
  /** The one file field, if the call takes a file. */
  file?: string;
}

export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body. For `multipart` calls: the same fields sent as JSON. */
  body?: z.ZodType;
  /**
   * false: the server does not validate `body` before the handler (it is documented only), because
   * the handler reads it itself: multipart forms, and the log beacon's text/plain JSON.
   */
  bodyValidated?: false;
  multipart?: MultipartSpec;
  /** Answers by status; a `binary` call has none (the body is a file). */
  response: Partial<Record<number, z.ZodType>>;
}

const error = apiErrorSchema;
const idParams = conversationIdParamsSchema;
const noContent = z.null();
const guarded = { 400: error, 401: error, 403: error, 404: error } as const;
const limited = { 400: error, 401: error, 403: error, 429: error } as const;
const oneMessage = { 200: messageResponseSchema, ...guarded } as const;

/** multipart/form-data metadata for the file part; the OpenAPI document shows it as binary. */
const fileField = z.string().meta({ format: 'binary', description: 'A file part' });

/** participantIds arrives as a JSON array, a comma list or a repeated form field. */
const conversationFormFields = z.object({
  type: z.enum(['direct', 'channel']),
  participantIds: z.string().optional().meta({ description: 'JSON array, comma list or repeated field' }),
  name: z.string().optional(),
  description: z.string().optional(),
  icon: fileField.optional(),
});

/** The import forms as documented; the server reads them with movein.ts importFieldsSchema. */
const importPreviewForm = z.object({
  timeZone: z.string().optional().meta({ description: 'IANA time zone of the export, default UTC' }),
});
const importForm = importPreviewForm.extend({
  conversationId: z.string(),
  systemLines: z.enum(IMPORT_SYSTEM_LINES).optional(),
  senders: z.string().optional().meta({ description: 'JSON list of {name, userId | null}' }),
});

export const API_SCHEMAS = {
  getCsrfToken: { response: { 200: csrfTokenResponseSchema } },
  getSessionUser: { response: { 200: userResponseSchema, 401: error } },
  login: { body: loginBodySchema, response: { 200: signInResponseSchema, ...limited } },
  logout: { response: { 200: logoutResponseSchema, 403: error } },
  logoutEverywhere: { response: { 200: logoutResponseSchema, 401: error, 403: error } },
  signup: { body: signupBodySchema, response: { 201: signInResponseSchema, 409: error, ...limited } },
  getMediaTicket: { response: { 200: mediaTicketResponseSchema, ...guarded } },
  listNativeSessions: { response: { 200: nativeSessionsResponseSchema, ...guarded } },
  revokeNativeSession: {
    params: nativeSessionParamsSchema,
    response: { 200: revokeNativeSessionResponseSchema, ...guarded },
  },
  forgotPassword: { body: forgotPasswordBodySchema, response: { 204: noContent, ...limited } },
  resetPassword: { body: resetPasswordBodySchema, response: { 204: noContent, ...limited } },
  contact: { body: contactBodySchema, response: { 201: contactResponseSchema, ...limited } },
  setUser: { body: setUserBodySchema, response: { 200: setUserResponseSchema, 404: error, ...limited } },

  listUsers: { query: usersQuerySchema, response: { 200: usersListResponseSchema, ...guarded } },
  getUser: {
    params: z.object({ id: z.uuid() }),
    response: { 200: presentedUserResponseSchema, ...guarded },
  },
  updateProfile: {
    body: profileFieldsSchema,
    bodyValidated: false,
    multipart: {
      fields: profileFieldsSchema.extend({
        metadata: z
          .string()
          .optional()
          .meta({ description: 'A JSON object; merged into the stored metadata' }),
        avatar: fileField.optional(),
      }),
      file: 'avatar',
    },
    response: { 200: userResponseSchema, 409: error, 413: error, ...guarded },
  },
  getAvatar: { params: z.object({ file: z.string().max(100) }), query: mediaTicketQuerySchema, response: {} },

  adminListUsers: { query: adminUsersQuerySchema, response: { 200: adminUsersPageSchema, ...guarded } },
  approveUser: { params: z.object({ id: z.uuid() }), response: { 200: userResponseSchema, ...guarded } },
  lockUser: {
    params: z.object({ id: z.uuid() }),
    body: lockBodySchema.nullish(),
    response: { 200: userResponseSchema, 409: error, ...guarded },
  },
  unlockUser: { params: z.object({ id: z.uuid() }), response: { 200: userResponseSchema, ...guarded } },
  setUserRole: {
    params: z.object({ id: z.uuid() }),
    body: roleBodySchema,
    response: { 200: userResponseSchema, 409: error, ...guarded },
  },
  getAuditLog: { query: auditLogQuerySchema, response: { 200: auditLogResponseSchema, ...guarded } },

  listConversations: { response: { 200: conversationsListResponseSchema, ...guarded } },
  getConversationDetails: { params: idParams, response: { 200: conversationDetailsSchema, ...guarded } },
  createConversation: {
    body: createConversationBodySchema,
    bodyValidated: false,
    multipart: { fields: conversationFormFields, file: 'icon' },
    response: {
      200: conversationResponseSchema,
      201: conversationResponseSchema,
      409: error,
      413: error,
      ...guarded,
    },
  },
  updateConversation: {
    params: idParams,
    body: updateConversationBodySchema,
    bodyValidated: false,
    multipart: { fields: updateConversationBodySchema.extend({ icon: fileField.optional() }), file: 'icon' },
    response: { 200: conversationResponseSchema, 409: error, 413: error, ...guarded },
  },
  deleteConversation: { params: idParams, response: { 204: noContent, ...guarded } },
  markConversationRead: {
    params: idParams,
    body: markReadBodySchema,
    response: { 204: noContent, ...guarded },
  },
  flagChannel: { params: idParams, response: { 200: conversationResponseSchema, ...guarded } },
  unflagChannel: { params: idParams, response: { 200: conversationResponseSchema, ...guarded } },
  hideChannel: { params: idParams, response: { 200: conversationResponseSchema, ...guarded } },

  getMessages: {
    params: idParams,
    query: messagesQuerySchema,
    response: { 200: messagesPageSchema, ...guarded },
  },
  sendMessage: {
    params: idParams,
    // Validated when sent as JSON; a multipart form goes through the same schema in the handler.
    body: sendMessageFieldsSchema,
    multipart: { fields: sendMessageFieldsSchema.extend({ file: fileField.optional() }), file: 'file' },
    response: { 200: messageResponseSchema, 201: messageResponseSchema, 413: error, ...guarded },
  },
  flagMessage: { params: idParams, body: flagMessageBodySchema, response: oneMessage },
  withdrawFlag: { params: withdrawFlagParamsSchema, response: oneMessage },
  likeMessage: { params: idParams, response: oneMessage },
  unlikeMessage: { params: idParams, response: oneMessage },
  addReaction: { params: idParams, body: reactionBodySchema, response: oneMessage },
  removeReaction: { params: reactionParamsSchema, response: oneMessage },
  editMessage: { params: idParams, body: editMessageBodySchema, response: oneMessage },
  deleteMessage: { params: idParams, response: oneMessage },
  getThread: { params: idParams, response: { 200: threadSchema, ...guarded } },
  searchMessages: { query: searchQuerySchema, response: { 200: searchResultSchema, ...guarded } },
  sync: {
    query: syncQuerySchema,
    response: { 200: syncResultSchema, 400: error, 401: error, 403: error },
  },

  getFile: { params: idParams, query: mediaTicketQuerySchema, response: {} },
  getFileThumbnail: { params: idParams, query: mediaTicketQuerySchema, response: {} },

  // Parsed and validated by the handler: a beacon may send the JSON as text/plain.
  sendLogs: { body: logBatchSchema, bodyValidated: false, response: {} },

  listAnnouncements: {
    query: announcementsQuerySchema,
    response: { 200: announcementsPageSchema, ...guarded },
  },
  createAnnouncement: {
    body: createAnnouncementBodySchema,
    response: { 201: announcementResponseSchema, ...guarded },
  },
  updateAnnouncement: {
    params: announcementIdParamsSchema,
    body: updateAnnouncementBodySchema,
    response: { 200: announcementResponseSchema, 409: error, ...guarded },
  },
  deleteAnnouncement: { params: announcementIdParamsSchema, response: { 204: noContent, ...guarded } },
  markAnnouncementRead: {
    params: announcementIdParamsSchema,
    response: { 200: announcementsUnreadSchema, ...guarded },
  },
  markAllAnnouncementsRead: { response: { 200: announcementsUnreadSchema, ...guarded } },
  listPendingUrgent: { response: { 200: pendingUrgentSchema, ...guarded } },
  acknowledgeAnnouncement: {
    params: announcementIdParamsSchema,
    response: { 200: acknowledgeResponseSchema, ...guarded },
  },
  getAnnouncementReceipts: {
    params: announcementIdParamsSchema,
    response: { 200: announcementReceiptsSchema, ...guarded },
  },
  remindAnnouncement: {
    params: announcementIdParamsSchema,
    response: { 200: remindResponseSchema, 409: error, ...guarded },
  },
  getNotificationSettings: { response: { 200: notificationSettingsResponseSchema, ...guarded } },
  updateNotificationSettings: {
    body: notificationSettingsSchema,
    response: { 200: notificationSettingsResponseSchema, ...guarded },
  },
  // The body is `List-Unsubscribe=One-Click` as a form (RFC 8058); only the token matters.
  unsubscribeMail: {
    query: unsubscribeQuerySchema,
    response: { 200: unsubscribeResponseSchema, 400: error, 404: error, 429: error },
  },

  listIntegrations: { response: { 200: integrationsListSchema, ...guarded } },
  createIntegration: {
    body: createIntegrationBodySchema,
    response: { 201: integrationResponseSchema, ...guarded },
  },
  updateIntegration: {
    params: integrationIdParamsSchema,
    body: updateIntegrationBodySchema,
    response: { 200: integrationResponseSchema, ...guarded },
  },
  rotateIntegrationSecret: {
    params: integrationIdParamsSchema,
    response: { 200: integrationResponseSchema, ...guarded },
  },
  deleteIntegration: { params: integrationIdParamsSchema, response: { 204: noContent, ...guarded } },
  postWebhook: {
    params: webhookParamsSchema,
    body: webhookBodySchema,
    response: { 200: webhookResponseSchema, 429: error, ...guarded },
  },

  listNotifications: {
    query: notificationsQuerySchema,
    response: { 200: notificationsPageSchema, ...guarded },
  },
  markNotificationsRead: {
    body: markNotificationsReadBodySchema,
    response: { 200: notificationsUnreadSchema, ...guarded },
  },
  listMutedConversations: { response: { 200: mutedConversationsSchema, ...guarded } },
  muteConversation: {
    params: conversationIdParamsSchema,
    body: muteConversationBodySchema,
    response: { 200: conversationMuteSchema, ...guarded },
  },

  registerPushToken: {
    query: registerPushTokenQuerySchema,
    response: { 200: registerPushTokenResponseSchema, 201: registerPushTokenResponseSchema, ...guarded },
  },
  unregisterPushToken: {
    query: unregisterPushTokenQuerySchema,
    response: { 200: unregisterPushTokenResponseSchema, ...guarded },
  },
  getVapidPublicKey: { response: { 200: vapidPublicKeySchema } },
  listPushDevices: { response: { 200: pushDevicesResponseSchema, ...guarded } },
  removePushDevice: {
    params: pushDeviceParamsSchema,
    response: { 200: unregisterPushTokenResponseSchema, ...guarded },
  },

  // ---- statistics and billing (R-STATS, R-BILL) ------------------------------------------------
  getStats: { query: statsQuerySchema, response: { 200: statsResponseSchema, ...guarded } },
  getBilling: { response: { 200: billingResponseSchema, ...guarded } },
  setBillingPlan: { body: setPlanBodySchema, response: { 200: billingResponseSchema, ...guarded } },
  // ---- moderation: flagged content (R-ADMIN-7..10) ----
  listFlagged: { query: flaggedQuerySchema, response: { 200: flaggedPageSchema, ...guarded } },
  dismissFlagged: { params: messageIdParamsSchema, response: oneMessage },
  hideMessage: { params: messageIdParamsSchema, response: oneMessage },
  unhideMessage: { params: messageIdParamsSchema, response: oneMessage },
  // ---- resident directory and profile options ------------------------------------------------
  getProfileOptions: { response: { 200: profileOptionsResponseSchema, ...guarded } },
  // ---- user approval (admin account screens) ----
  bulkApproveUsers: { body: bulkApproveBodySchema, response: { 200: bulkApproveResponseSchema, ...guarded } },
  rejectUser: {
    params: z.object({ id: z.uuid() }),
    body: rejectBodySchema.nullish(),
    response: { 204: noContent, 409: error, ...guarded },
  },
  // ---- building life: polls (R-POLL) ----
  createPoll: {
    params: idParams,
    body: createPollBodySchema,
    response: { 201: pollResponseSchema, ...guarded },
  },
  getPoll: { params: pollIdParamsSchema, response: { 200: pollResponseSchema, ...guarded } },
  votePoll: {
    params: pollIdParamsSchema,
    body: votePollBodySchema,
    response: { 200: pollResponseSchema, 409: error, ...guarded },
  },
  closePoll: { params: pollIdParamsSchema, response: { 200: pollResponseSchema, 409: error, ...guarded } },
  // ---- building requests (R-REQ) ----
  listRequests: { query: requestsQuerySchema, response: { 200: requestsPageSchema, ...guarded } },
  createRequest: {
    body: createRequestFieldsSchema,
    bodyValidated: false,
    multipart: { fields: createRequestFieldsSchema.extend({ photo: fileField.optional() }), file: 'photo' },
    response: { 201: requestDetailSchema, 413: error, ...guarded },
  },
  getRequest: { params: requestIdParamsSchema, response: { 200: requestDetailSchema, ...guarded } },
  updateRequest: {
    params: requestIdParamsSchema,
    body: updateRequestBodySchema,
    response: { 200: requestDetailSchema, 409: error, ...guarded },
  },
  cancelRequest: {
    params: requestIdParamsSchema,
    response: { 200: requestDetailSchema, 409: error, ...guarded },
  },
  commentOnRequest: {
    params: requestIdParamsSchema,
    body: requestCommentBodySchema,
    response: { 201: requestDetailSchema, ...guarded },
  },
  getRequestPhoto: { params: requestIdParamsSchema, query: mediaTicketQuerySchema, response: {} },
  // ---- building life: events with RSVP (R-EVENT) ----
  createEvent: { body: createEventBodySchema, response: { 201: eventResponseSchema, ...guarded } },
  listEvents: { query: eventsQuerySchema, response: { 200: eventsListSchema, ...guarded } },
  getEvent: { params: eventIdParamsSchema, response: { 200: eventResponseSchema, ...guarded } },
  rsvpEvent: {
    params: eventIdParamsSchema,
    body: rsvpBodySchema,
    response: { 200: eventResponseSchema, ...guarded },
  },
  getEventIcs: { params: eventIdParamsSchema, response: {} },
  getCalendarFeedUrl: { response: { 200: calendarFeedUrlSchema, ...guarded } },
  rotateCalendarFeedUrl: { response: { 200: calendarFeedUrlSchema, ...guarded } },
  getCalendarFeed: { params: calendarFeedParamsSchema, response: {} },
  updateEvent: {
    params: eventIdParamsSchema,
    body: updateEventBodySchema,
    response: { 200: eventResponseSchema, 409: error, ...guarded },
  },
  cancelEvent: {
    params: eventIdParamsSchema,
    response: { 200: eventResponseSchema, 409: error, ...guarded },
  },

  previewWhatsappImport: {
    body: importPreviewForm,
    bodyValidated: false,
    multipart: { fields: importPreviewForm.extend({ file: fileField }), file: 'file' },
    response: { 200: importPreviewSchema, 413: error, ...guarded },
  },
  importWhatsapp: {
    body: importForm,
    bodyValidated: false,
    multipart: { fields: importForm.extend({ file: fileField }), file: 'file' },
    response: { 201: importResultSchema, 409: error, 413: error, ...guarded },
  },
  listImports: { response: { 200: importsListSchema, ...guarded } },
  undoImport: { params: importIdParamsSchema, response: { 204: noContent, 409: error, ...guarded } },
  listInvites: { response: { 200: invitesListSchema, ...guarded } },
  createInvite: { body: createInviteBodySchema, response: { 201: inviteSchema, ...guarded } },
  revokeInvite: { params: inviteIdParamsSchema, response: { 200: inviteSchema, ...guarded } },
  setBuildingName: { body: buildingNameBodySchema, response: { 200: buildingNameSchema, ...guarded } },
  lookupInvite: { params: inviteCodeParamsSchema, response: { 200: inviteLookupSchema, ...guarded } },
} as const satisfies { [N in CallName]: RouteSchemas };
