/** The schemas of the calls of users, keyed like ./users-routes.ts. */
import { z } from 'zod';
import { userResponseSchema } from '../../schemas/auth.ts';
import { mediaTicketQuerySchema } from '../../schemas/native.ts';
import {
  presentedUserResponseSchema,
  profileFieldsSchema,
  usersListResponseSchema,
  usersQuerySchema,
} from '../../schemas/user.ts';
import { type RouteSchemas, error, guarded, fileField } from './contract-parts.ts';

export const usersSchemas = {
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
        shareReadReceipts: z.enum(['true', 'false']).optional(),
        avatar: fileField.optional(),
      }),
      file: 'avatar',
    },
    response: { 200: userResponseSchema, 409: error, 413: error, ...guarded },
  },
  getAvatar: { params: z.object({ file: z.string().max(100) }), query: mediaTicketQuerySchema, response: {} },
} as const satisfies Record<string, RouteSchemas>;
