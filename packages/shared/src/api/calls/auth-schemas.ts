/** The schemas of the calls of auth, keyed like ./auth-routes.ts. */
import {
  contactBodySchema,
  contactResponseSchema,
  csrfTokenResponseSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  resetPasswordBodySchema,
  sessionUserResponseSchema,
  setUserBodySchema,
  setUserResponseSchema,
  signupBodySchema,
} from '../../schemas/auth.ts';
import {
  logoutResponseSchema,
  mediaTicketResponseSchema,
  nativeSessionParamsSchema,
  nativeSessionsResponseSchema,
  revokeNativeSessionResponseSchema,
  signInResponseSchema,
} from '../../schemas/native.ts';
import { type RouteSchemas, error, noContent, guarded, limited } from './contract-parts.ts';

export const authSchemas = {
  getCsrfToken: { response: { 200: csrfTokenResponseSchema } },
  getSessionUser: { response: { 200: sessionUserResponseSchema, 401: error } },
  login: { body: loginBodySchema, response: { 200: signInResponseSchema, ...limited } },
  logout: { response: { 200: logoutResponseSchema, 403: error } },
  logoutEverywhere: { response: { 200: logoutResponseSchema, 401: error, 403: error } },
  signup: { body: signupBodySchema, response: { 201: signInResponseSchema, ...limited } },
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
} as const satisfies Record<string, RouteSchemas>;
