/**
 * Connected data sources (R-INTEG) through the typed route table client. Types only from
 * @stoop/shared, so no zod reaches the first load.
 */
import type {
  CreateIntegrationBody,
  Integration,
  IntegrationResponse,
  UpdateIntegrationBody,
} from '@stoop/shared';
import { callApi } from '../http/client.ts';

export const integrationsApi = {
  async list(): Promise<Integration[]> {
    return (await callApi('listIntegrations', {})).data;
  },
  create(body: CreateIntegrationBody): Promise<IntegrationResponse> {
    return callApi('createIntegration', { body });
  },
  update(id: string, body: UpdateIntegrationBody): Promise<IntegrationResponse> {
    return callApi('updateIntegration', { params: { id }, body });
  },
  rotateSecret(id: string): Promise<IntegrationResponse> {
    return callApi('rotateIntegrationSecret', { params: { id } });
  },
  async remove(id: string): Promise<void> {
    await callApi('deleteIntegration', { params: { id } });
  },
};
