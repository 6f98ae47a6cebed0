/** The schemas of the calls of messages, keyed like ./messages-routes.ts. */
import {
  editMessageBodySchema,
  flagMessageBodySchema,
  messageResponseSchema,
  messagesPageSchema,
  messagesQuerySchema,
  reactionBodySchema,
  reactionParamsSchema,
  searchQuerySchema,
  searchResultSchema,
  sendMessageFieldsSchema,
  syncQuerySchema,
  syncResultSchema,
  threadSchema,
  withdrawFlagParamsSchema,
} from '../../schemas/chat.ts';
import { type RouteSchemas, error, idParams, guarded, oneMessage, fileField } from './contract-parts.ts';

export const messagesSchemas = {
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
    // 503: the server takes no more sends for the moment, with Retry-After.
    response: { 200: messageResponseSchema, 201: messageResponseSchema, 413: error, 503: error, ...guarded },
  },
  flagMessage: { params: idParams, body: flagMessageBodySchema, response: oneMessage },
  withdrawFlag: { params: withdrawFlagParamsSchema, response: oneMessage },
  likeMessage: { params: idParams, response: oneMessage },
  unlikeMessage: { params: idParams, response: oneMessage },
  addReaction: { params: idParams, body: reactionBodySchema, response: oneMessage },
  removeReaction: { params: reactionParamsSchema, response: oneMessage },
  removeLinkPreview: { params: idParams, response: oneMessage },
  editMessage: { params: idParams, body: editMessageBodySchema, response: oneMessage },
  deleteMessage: { params: idParams, response: oneMessage },
  getThread: { params: idParams, response: { 200: threadSchema, ...guarded } },
  searchMessages: { query: searchQuerySchema, response: { 200: searchResultSchema, ...guarded } },
  sync: {
    query: syncQuerySchema,
    response: { 200: syncResultSchema, 400: error, 401: error, 403: error },
  },
} as const satisfies Record<string, RouteSchemas>;
