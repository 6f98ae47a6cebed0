/** The schemas of the calls of integrations (R-INTEG), keyed like ./integrations-routes.ts. */
import {
  createIntegrationBodySchema,
  integrationIdParamsSchema,
  integrationResponseSchema,
  integrationsListSchema,
  updateIntegrationBodySchema,
  webhookBodySchema,
  webhookParamsSchema,
  webhookResponseSchema,
} from '../../schemas/integrations.ts';
import { type RouteSchemas, error, noContent, guarded } from './contract-parts.ts';

export const integrationsSchemas = {
  listIntegrations: { response: { 200: integrationsListSchema, ...guarded } },
  createIntegration: {
    body: createIntegrationBodySchema,
    response: { 201: integrationResponseSchema, ...guarded },
  },
  updateIntegration: {
    params: integrationIdParamsSchema,
    body: updateIntegrationBodySchema,
    response: { 200: integrationResponseSchema, ...guarded },
  },
  rotateIntegrationSecret: {
    params: integrationIdParamsSchema,
    response: { 200: integrationResponseSchema, ...guarded },
  },
  deleteIntegration: { params: integrationIdParamsSchema, response: { 204: noContent, ...guarded } },
  postWebhook: {
    params: webhookParamsSchema,
    body: webhookBodySchema,
    response: { 200: webhookResponseSchema, 429: error, ...guarded },
  },
} as const satisfies Record<string, RouteSchemas>;
