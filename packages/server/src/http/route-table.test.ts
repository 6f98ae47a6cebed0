/**
 * The shared route table and the server agree: every table call is served, every /api route the
 * app serves is in the table, and the OpenAPI document shows each with its request schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_NAMES, apiTable, tableRoute } from '@stoop/shared';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { call } from '../test/http.ts';

type Served = { method: string; url: string };
const served: Served[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) served.push({ method, url: route.url ?? route.path });
      },
    },
  );
});
afterAll(async () => t.close());

const key = (method: string, url: string) => `${method} ${url}`;
/**
 * Fastify adds HEAD to every GET; the documentation routes belong to @fastify/swagger-ui; OPTIONS
 * /api/* answers the CORS preflight of every call (http/cors.ts) and is no call of its own.
 */
const isApiRoute = ({ method, url }: Served) =>
  method !== 'HEAD' &&
  method !== 'OPTIONS' &&
  url.startsWith('/api/') &&
  url !== '/api/docs' &&
  !url.startsWith('/api/docs/');
/** OpenAPI writes `:id` as `{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

type Operation = {
  tags?: string[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};
type OpenApiDoc = { paths: Record<string, Record<string, Operation>> };

describe('route table (packages/shared/src/api)', () => {
  it('every table call is served', () => {
    const servedKeys = new Set(served.map((route) => key(route.method, route.url)));
    const missing = CALL_NAMES.filter(
      (name) => !servedKeys.has(key(apiTable[name].method, apiTable[name].path)),
    );
    expect(missing.map((name) => `${name}: ${key(apiTable[name].method, apiTable[name].path)}`)).toEqual([]);
  });

  it('every /api route the app serves is in the table', () => {
    const tableKeys = new Set(CALL_NAMES.map((name) => key(apiTable[name].method, apiTable[name].path)));
    const unknown = served.filter(isApiRoute).filter((route) => !tableKeys.has(key(route.method, route.url)));
    expect(unknown.map((route) => key(route.method, route.url))).toEqual([]);
  });

  it('a table path is served once (no two calls share a method and path)', () => {
    const keys = CALL_NAMES.map((name) => key(apiTable[name].method, apiTable[name].path));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('/api/docs/json holds every table call with its tag, parameters and request body', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).json<OpenApiDoc>();
    for (const name of CALL_NAMES) {
      const route = tableRoute(name);
      const operation = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(
        operation,
        `${name}: ${route.method} ${route.path} missing from the OpenAPI document`,
      ).toBeDefined();
      expect(operation?.tags, name).toEqual([route.tag]);
      if (route.params) {
        const names = (operation?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(names.length, `${name}: path parameters`).toBeGreaterThan(0);
      }
      if (route.query) {
        const names = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        expect(names.length, `${name}: query parameters`).toBeGreaterThan(0);
      }
      if (route.body) {
        expect(operation?.requestBody?.content['application/json'], `${name}: JSON body`).toBeDefined();
      }
      if (route.multipart) {
        const form = operation?.requestBody?.content['multipart/form-data'];
        expect(form, `${name}: multipart body`).toBeDefined();
        const fields = Object.keys(form?.schema.properties ?? {});
        expect(fields, `${name}: multipart fields`).toEqual(
          expect.arrayContaining(Object.keys(route.multipart.fields.shape)),
        );
        if (route.multipart.file) expect(fields, `${name}: file field`).toContain(route.multipart.file);
      }
    }
  });

  it('the JSON send documents its fields and the multipart send its file', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).json<OpenApiDoc>();
    const send = doc.paths['/api/conversations/{id}/messages']?.post?.requestBody?.content;
    expect(Object.keys(send?.['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['content', 'parentMessageId', 'clientMessageId']),
    );
    expect(send?.['multipart/form-data']?.schema.properties?.file).toMatchObject({ format: 'binary' });
  });
});
