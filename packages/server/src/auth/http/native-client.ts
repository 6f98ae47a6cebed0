/**
 * How a request of the native apps is told apart: `X-Stoop-Client: native` at sign-in,
 * `Authorization: Bearer <token>` on every call after it. Neither header can be sent by a page of
 * another site without a CORS preflight, which only the allowed origins pass (http/cors.ts); that is
 * why such a request needs no CSRF token.
 */
import type { FastifyRequest } from 'fastify';
import {
  NATIVE_CLIENT_HEADER,
  NATIVE_CLIENT_VALUE,
  NATIVE_PLATFORM_HEADER,
  nativePlatformSchema,
  type NativePlatform,
} from '@stoop/shared';

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The bearer token of the Authorization header; undefined without one. */
export function bearerTokenOf(authorization: string | string[] | undefined): string | undefined {
  return BEARER.exec(single(authorization)?.trim() ?? '')?.[1];
}

/** Whether the header names a bearer scheme at all (a malformed token is still a native call). */
const hasBearerScheme = (authorization: string | string[] | undefined): boolean =>
  /^Bearer\s/i.test(single(authorization)?.trim() ?? '');

/** A call of the native app: it says so, or it carries a bearer token. Such a call never uses cookies. */
export function isNativeRequest(request: FastifyRequest): boolean {
  return (
    single(request.headers[NATIVE_CLIENT_HEADER])?.trim().toLowerCase() === NATIVE_CLIENT_VALUE ||
    hasBearerScheme(request.headers.authorization)
  );
}

/** The platform the app names at sign-in (shown in the device list); null when absent or unknown. */
export function nativePlatformOf(request: FastifyRequest): NativePlatform | null {
  const parsed = nativePlatformSchema.safeParse(single(request.headers[NATIVE_PLATFORM_HEADER])?.trim());
  return parsed.success ? parsed.data : null;
}
