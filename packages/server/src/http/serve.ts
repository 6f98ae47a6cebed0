// How this folder works (a request's path): docs/request-path.md.
/**
 * Registers a route from the shared route table (@stoop/shared api/): method and path, the Fastify
 * schema (validation and the OpenAPI document), the access check of the table's rule in
 * preValidation, and the route config the auth hooks read (allowLocked, csrf). Domains add their own
 * hooks (rate limits, body parsing) through `extra`; the access check runs before them.
 */
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
  preValidationAsyncHookHandler,
  preValidationHookHandler,
} from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { tableRoute, type ApiRoute, type CallName, type TableRoute } from '@stoop/shared';
import { accountLocked, requireAdminRequest, requireUser } from '../auth/http/guards.ts';
import { Forbidden, Unauthenticated } from '../errors.ts';

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Field<R, K extends string> = R extends { [P in K]: infer T extends z.ZodType } ? T : undefined;
/** The body the handler sees typed: only a body Fastify validates is known to match its schema. */
type ValidatedBody<R> = R extends { bodyValidated: false } ? undefined : Field<R, 'body'>;

/** The Fastify schema generic of a table route, so handlers get typed params, query, body and reply. */
type TableSchema<N extends CallName> = {
  params: Field<ApiRoute<N>, 'params'>;
  querystring: Field<ApiRoute<N>, 'query'>;
  body: ValidatedBody<ApiRoute<N>>;
  response: ApiRoute<N>['response'];
};

export type TableHandler<N extends CallName> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  TableSchema<N>,
  ZodTypeProvider
>;

/** Hooks and limits a domain adds to a table route (rate limits, the log intake's body handling). */
export interface ServeExtra {
  onRequest?: onRequestHookHandler | onRequestAsyncHookHandler;
  /** Runs after the access check. */
  preValidation?: preValidationHookHandler | preValidationAsyncHookHandler;
  preHandler?: preHandlerHookHandler | preHandlerAsyncHookHandler;
  bodyLimit?: number;
}

const MULTIPART = 'multipart/form-data';
const JSON_TYPE = 'application/json';

/** set-user: judged on the signed-in account, so an admin acting as a resident can switch back. */
function requireSessionAdmin(request: FastifyRequest): Promise<void> {
  const owner = request.sessionOwner;
  if (!request.session || !owner) return Promise.reject(new Unauthenticated());
  if (owner.isLocked) return Promise.reject(accountLocked());
  if (owner.role !== 'admin') return Promise.reject(new Forbidden('Only admins can act as another user'));
  return Promise.resolve();
}

/** The preValidation check of a table access rule; undefined for public calls. */
function accessCheck(route: TableRoute): preValidationAsyncHookHandler | undefined {
  if (route.access === 'public') return undefined;
  if (route.access === 'user') return requireUser;
  return route.judgedOn === 'sessionOwner' ? requireSessionAdmin : requireAdminRequest;
}

/**
 * The body part of the Fastify schema. A plain JSON call validates its body; a multipart call
 * documents both encodings per content type, and only a JSON body marked validated is checked
 * before the handler (the handler streams the multipart parts itself).
 */
function bodySchema(route: TableRoute): unknown {
  if (route.body === undefined) return undefined;
  if (route.multipart === undefined) return route.body;
  return {
    content: {
      [JSON_TYPE]: { schema: route.body },
      [MULTIPART]: { schema: route.multipart.fields },
    },
  };
}

const passThrough = (data: unknown) => ({ value: data });

export function serve<N extends CallName>(
  app: ZodApp,
  name: N,
  handler: TableHandler<N>,
  extra: ServeExtra = {},
): void {
  const route = tableRoute(name);
  const check = accessCheck(route);
  const bodyValidated = route.bodyValidated !== false;
  const schema: Record<string, unknown> = {
    tags: [route.tag],
    summary: route.summary,
    ...(route.description === undefined ? {} : { description: route.description }),
    ...(route.params === undefined ? {} : { params: route.params }),
    ...(route.query === undefined ? {} : { querystring: route.query }),
    body: bodySchema(route),
    ...(Object.keys(route.response).length > 0 ? { response: route.response } : {}),
  };
  if (schema.body === undefined) delete schema.body;
  const preValidation = [check, extra.preValidation].filter((hook) => hook !== undefined);
  app.route({
    method: route.method,
    url: route.path,
    schema,
    config: {
      callName: name,
      ...(route.allowLocked ? { allowLocked: true } : {}),
      ...(route.csrf === false ? { csrf: false } : {}),
      ...(route.mediaTicket ? { mediaTicket: true } : {}),
    },
    // A body the handler reads itself (multipart parts, the beacon's text) is documented, not checked.
    validatorCompiler: (request) =>
      request.httpPart === 'body' && (!bodyValidated || request.contentType === MULTIPART)
        ? passThrough
        : // The route's schemas are the table's zod schemas; Fastify types them as its generic schema.
          validatorCompiler(request as unknown as Parameters<typeof validatorCompiler>[0]),
    ...(preValidation.length > 0 ? { preValidation } : {}),
    ...(extra.onRequest ? { onRequest: extra.onRequest } : {}),
    ...(extra.preHandler ? { preHandler: extra.preHandler } : {}),
    ...(extra.bodyLimit === undefined ? {} : { bodyLimit: extra.bodyLimit }),
    // The handler's types come from the table (TableHandler); Fastify's own route() generic
    // cannot follow the schema object built above.
    handler: handler as RouteHandlerMethod,
  });
}
