/** The schemas of the calls of conversations, keyed like ./conversations-routes.ts. */
import {
  conversationDetailsSchema,
  conversationResponseSchema,
  conversationsListResponseSchema,
  createConversationBodySchema,
  markReadBodySchema,
  updateConversationBodySchema,
} from '../../schemas/chat.ts';
import { conversationReadsSchema } from '../../schemas/read-receipts.ts';
import {
  type RouteSchemas,
  error,
  idParams,
  noContent,
  guarded,
  fileField,
  conversationFormFields,
} from './contract-parts.ts';

export const conversationsSchemas = {
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
  getConversationReads: { params: idParams, response: { 200: conversationReadsSchema, ...guarded } },
  flagChannel: { params: idParams, response: { 200: conversationResponseSchema, ...guarded } },
  unflagChannel: { params: idParams, response: { 200: conversationResponseSchema, ...guarded } },
  hideChannel: { params: idParams, response: { 200: conversationResponseSchema, ...guarded } },
} as const satisfies Record<string, RouteSchemas>;
