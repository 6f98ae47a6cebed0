/**
 * The one route table: every HTTP call of the API by name, with its method, path, access rule,
 * body encoding (./routes.ts) and schemas (./contract.ts). The server registers its routes from it
 * (packages/server/src/http/serve.ts); the web client derives its typed calls from it.
 */
import type { z } from 'zod';
import { API_SCHEMAS, type RouteSchemas } from './contract.ts';
import { API_ROUTES, CALL_NAMES, type CallName, type RouteInfo } from './routes.ts';

export type ApiTable = { [N in CallName]: (typeof API_ROUTES)[N] & (typeof API_SCHEMAS)[N] };
export type ApiRoute<N extends CallName> = ApiTable[N];
/** Any entry of the table, for code that handles every route alike (the server's registration). */
export type TableRoute = RouteInfo & RouteSchemas;

// Through unknown: comparing the entries' union with the table is too complex for the compiler
// once the table has this many calls; the entries are the table's by construction.
export const apiTable = Object.fromEntries(
  CALL_NAMES.map((name) => [name, { ...API_ROUTES[name], ...API_SCHEMAS[name] }]),
) as unknown as ApiTable;

/** One entry, widened to the common shape. */
export function tableRoute(name: CallName): TableRoute {
  const table: Record<CallName, TableRoute> = apiTable;
  return table[name];
}

type Schemas<N extends CallName> = (typeof API_SCHEMAS)[N];
type SchemaAt<S, K extends string> = S extends { [P in K]: infer T extends z.ZodType } ? T : undefined;
type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined;

/** Path parameters of a call (strings), or undefined when the path has none. */
export type ApiParams<N extends CallName> = InputOf<SchemaAt<Schemas<N>, 'params'>>;
/** Query of a call as the client sends it (before the server's defaults and coercions). */
export type ApiQuery<N extends CallName> = InputOf<SchemaAt<Schemas<N>, 'query'>>;
/** JSON body of a call as the client sends it. */
export type ApiBody<N extends CallName> = InputOf<SchemaAt<Schemas<N>, 'body'>>;

type SuccessStatus = 200 | 201 | 204;
type Responses<N extends CallName> = Schemas<N>['response'];
/** The parsed answer of a successful call (the union over its 2xx statuses; 204 is null). */
export type ApiResponse<N extends CallName> = {
  [S in Extract<keyof Responses<N>, SuccessStatus>]: Responses<N>[S] extends z.ZodType
    ? z.output<Responses<N>[S]>
    : never;
}[Extract<keyof Responses<N>, SuccessStatus>];
