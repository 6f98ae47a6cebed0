import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type BodyByContentType = { content: Record<string, { schema: unknown }> };

const isByContentType = (body: unknown): body is BodyByContentType =>
  typeof body === 'object' && body !== null && 'content' in body;

/**
 * jsonSchemaTransform for the OpenAPI document, plus bodies given per content type (JSON and
 * multipart/form-data, see serve.ts): each content type's zod schema is converted on its own.
 */
export function openApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const body: unknown = input.schema?.body;
  if (!input.schema || !isByContentType(body)) return jsonSchemaTransform(input);
  const { body: _byType, ...rest } = input.schema;
  const transformed = jsonSchemaTransform({ ...input, schema: rest });
  const content: Record<string, { schema: unknown }> = {};
  for (const [type, { schema }] of Object.entries(body.content)) {
    const one = jsonSchemaTransform({ ...input, schema: { body: schema } });
    content[type] = { schema: (one.schema as { body?: unknown }).body };
  }
  return { ...transformed, schema: { ...transformed.schema, body: { content } } };
}
