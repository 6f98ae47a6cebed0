/** The schemas of the calls of building requests to the office (R-REQ), keyed like ./requests-routes.ts. */
import { mediaTicketQuerySchema } from '../../schemas/native.ts';
import {
  createRequestFieldsSchema,
  requestCommentBodySchema,
  requestDetailSchema,
  requestIdParamsSchema,
  requestsPageSchema,
  requestsQuerySchema,
  updateRequestBodySchema,
} from '../../schemas/requests.ts';
import { type RouteSchemas, error, guarded, fileField } from './contract-parts.ts';

export const requestsSchemas = {
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
} as const satisfies Record<string, RouteSchemas>;
