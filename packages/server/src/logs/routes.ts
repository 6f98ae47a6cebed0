/**
 * Client log intake: POST /api/logs/frontend (R-API-2, R-LOG-13, R-LOG-14). Validates and size-limits a batch
 * from the web logger and writes every entry through the app's pino logger with the correlation
 * id, user id and session ids, so an operator can follow one client's trail.
 *
 * It is the one mutating call without CSRF (navigator.sendBeacon cannot set headers), so it is
 * size- and rate-limited instead, and locked users may use it (their errors matter too).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  CORRELATION_ID_HEADER,
  LOG_INTAKE_BODY_LIMIT_BYTES,
  LOG_INTAKE_RATE_PER_IP,
  LOG_INTAKE_RATE_PER_SESSION,
  apiTable,
  logBatchSchema,
  type LogBatch,
} from '@stoop/shared';
import { Invalid } from '../errors.ts';
import { limitBy } from '../http/rate-limit.ts';
import { fillMissingMeta } from './meta-defaults.ts';
import { serve } from '../http/serve.ts';

export const LOG_INTAKE_PATH = apiTable.sendLogs.path;

const CORRELATION_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/** The client's correlation id when well-formed; a beacon cannot send one, so the server mints it. */
export function correlationIdOf(request: FastifyRequest): string {
  const raw = request.headers[CORRELATION_ID_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && CORRELATION_ID_PATTERN.test(value) ? value : randomUUID();
}

/**
 * sendBeacon may deliver the JSON as text/plain (Fastify then hands over a string), so a string
 * body is parsed here; anything else arrives already parsed by the JSON parser.
 */
function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new Invalid('The request body is not valid JSON');
  }
}

function clientSessionIdOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('meta' in body)) return undefined;
  const meta = body.meta;
  if (typeof meta !== 'object' || meta === null || !('sessionId' in meta)) return undefined;
  const id = meta.sessionId;
  return typeof id === 'string' && id.length > 0 && id.length <= 128 ? id : undefined;
}

function validate(body: unknown): LogBatch {
  const result = logBatchSchema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : undefined;
  const detail = issue?.message ?? 'Invalid value';
  throw new Invalid(field ? `${field}: ${detail}` : `Invalid log batch: ${detail}`, field);
}

/** Writes each entry as one pino line on a child logger carrying the trail ids. */
export function writeBatch(request: FastifyRequest, batch: LogBatch, correlationId: string): void {
  const log = request.log.child({
    source: 'frontend',
    // A beacon (page unload) cannot set headers, so a missing correlation id marks one.
    transport: request.headers[CORRELATION_ID_HEADER] === undefined ? 'beacon' : 'fetch',
    correlationId,
    userId: request.user?.id ?? null,
    sessionId: request.session?.id ?? null,
    clientSessionId: batch.meta.sessionId ?? null,
  });
  for (const entry of batch.logs) {
    const fields: Record<string, unknown> = {
      context: entry.context,
      clientMeta: entry.meta,
      userAgent: batch.meta.userAgent,
    };
    // Not under `err`: pino's serializer expects a real Error, this is the client's plain copy.
    if (entry.error) fields.clientError = entry.error;
    log[entry.level](fields, entry.message);
  }
}

/** Fastify plugin registering the intake; register it after @fastify/rate-limit and the auth hooks. */
export const logRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  // Per address before the body is read, so a flood costs no parsing.
  const perIp = limitBy(app, [
    {
      name: 'logs:ip',
      ...LOG_INTAKE_RATE_PER_IP,
      key: (req) => req.ip,
      message: 'Too many log reports from this address.',
    },
  ]);
  // Per session: the server session when signed in, else the logger's own session id.
  const perSession = limitBy(app, [
    {
      name: 'logs:session',
      ...LOG_INTAKE_RATE_PER_SESSION,
      key: (req) => req.session?.id ?? clientSessionIdOf(req.body),
      message: 'Too many log reports from this session.',
    },
  ]);

  // The table marks it csrf: false and allowLocked; the body is parsed and validated here.
  serve(
    app,
    'sendLogs',
    async (request, reply) => {
      const batch = validate(fillMissingMeta(request.body, request.headers['user-agent']));
      writeBatch(request, batch, correlationIdOf(request));
      return reply.status(204).send();
    },
    {
      bodyLimit: LOG_INTAKE_BODY_LIMIT_BYTES,
      onRequest: perIp,
      preValidation: (request, _reply, next) => {
        try {
          request.body = parseBody(request.body);
          next();
        } catch (err) {
          next(err as Error);
        }
      },
      preHandler: perSession,
    },
  );
  done();
};
