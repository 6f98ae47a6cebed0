import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiError } from '@stoop/shared';
import { DomainError, type DomainErrorKind } from '../errors.ts';

/** The one place where a domain's failure becomes an HTTP status. */
const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'rate-limited': 429,
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
const statusText = (status: number) => STATUS_TEXT[status] ?? (status < 500 ? 'Bad Request' : 'Error');

/** Builds the one error body of the API: `{statusCode, error, message, code?, field?}`. */
export function errorBody(statusCode: number, message: string, code?: string, field?: string): ApiError {
  const body: ApiError = { statusCode, error: statusText(statusCode), message };
  if (code !== undefined) body.code = code;
  if (field !== undefined) body.field = field;
  return body;
}

/** Field path of a validation issue: '/email' → 'email', '/metadata/pets' → 'metadata.pets'. */
function fieldOf(instancePath: string): string | undefined {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field === '' ? undefined : field;
}

/**
 * The multipart parser (busboy) throws plain errors for a missing boundary or a body cut off
 * mid-part; they carry no status, so they are recognised by their wording.
 */
function isMalformedMultipart(error: Error): boolean {
  return /^Multipart: |unexpected end of (multipart data|form)|malformed part header/i.test(error.message);
}

function classify(error: FastifyError | DomainError | Error): ApiError {
  if (error instanceof DomainError)
    return errorBody(STATUS_OF[error.kind], error.message, error.code, error.field);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first ? fieldOf(first.instancePath) : undefined;
    const where =
      error.validationContext === 'body' || error.validationContext === undefined
        ? ''
        : ` (${error.validationContext})`;
    const detail = first?.message ?? 'Invalid value';
    const message = field ? `${field}${where}: ${detail}` : `Invalid request${where}: ${detail}`;
    return errorBody(400, message, ERROR_CODES.validation, field);
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (status === 413 || fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return errorBody(413, 'The request body is too large', ERROR_CODES.payloadTooLarge);
  }
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return errorBody(400, 'The request body is not valid JSON', ERROR_CODES.validation);
  }
  if (isMalformedMultipart(error)) {
    return errorBody(400, `Malformed multipart body: ${error.message}`, ERROR_CODES.validation);
  }
  if (status === 429) return errorBody(429, error.message, ERROR_CODES.rateLimited);
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return errorBody(status, error.message || statusText(status));
  }
  return errorBody(500, 'Something went wrong on our side');
}

/** Installs the single error handler and the JSON 404 for unknown API routes. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const body = classify(error);
    if (body.statusCode >= 500) {
      // Only real bugs end here; the serializer case means a handler returned the wrong shape.
      const serialization = isResponseSerializationError(error);
      request.log.error({ err: error, serialization }, 'unhandled error');
    }
    return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  });
}
