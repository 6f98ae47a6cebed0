/** The schemas of the calls of moving a building in (R-MOVEIN), keyed like ./movein-routes.ts. */
import {
  buildingNameBodySchema,
  buildingNameSchema,
  createInviteBodySchema,
  importIdParamsSchema,
  importPreviewSchema,
  importResultSchema,
  importsListSchema,
  inviteCodeParamsSchema,
  inviteIdParamsSchema,
  inviteLookupSchema,
  inviteSchema,
  invitesListSchema,
} from '../../schemas/movein.ts';
import {
  type RouteSchemas,
  error,
  noContent,
  guarded,
  fileField,
  importPreviewForm,
  importForm,
} from './contract-parts.ts';

export const moveinSchemas = {
  previewWhatsappImport: {
    body: importPreviewForm,
    bodyValidated: false,
    multipart: { fields: importPreviewForm.extend({ file: fileField }), file: 'file' },
    response: { 200: importPreviewSchema, 413: error, ...guarded },
  },
  importWhatsapp: {
    body: importForm,
    bodyValidated: false,
    multipart: { fields: importForm.extend({ file: fileField }), file: 'file' },
    response: { 201: importResultSchema, 409: error, 413: error, ...guarded },
  },
  listImports: { response: { 200: importsListSchema, ...guarded } },
  undoImport: { params: importIdParamsSchema, response: { 204: noContent, 409: error, ...guarded } },
  listInvites: { response: { 200: invitesListSchema, ...guarded } },
  createInvite: { body: createInviteBodySchema, response: { 201: inviteSchema, ...guarded } },
  revokeInvite: { params: inviteIdParamsSchema, response: { 200: inviteSchema, ...guarded } },
  setBuildingName: { body: buildingNameBodySchema, response: { 200: buildingNameSchema, ...guarded } },
  lookupInvite: { params: inviteCodeParamsSchema, response: { 200: inviteLookupSchema, ...guarded } },
} as const satisfies Record<string, RouteSchemas>;
