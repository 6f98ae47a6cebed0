/** The schemas of the calls of announcements, keyed like ./announcements-routes.ts. */
import {
  acknowledgeResponseSchema,
  announcementIdParamsSchema,
  announcementReceiptsSchema,
  announcementResponseSchema,
  announcementsPageSchema,
  announcementsQuerySchema,
  announcementsUnreadSchema,
  createAnnouncementBodySchema,
  pendingUrgentSchema,
  remindResponseSchema,
  updateAnnouncementBodySchema,
} from '../../schemas/announcements.ts';
import { type RouteSchemas, error, noContent, guarded } from './contract-parts.ts';

export const announcementsSchemas = {
  listAnnouncements: {
    query: announcementsQuerySchema,
    response: { 200: announcementsPageSchema, ...guarded },
  },
  createAnnouncement: {
    body: createAnnouncementBodySchema,
    response: { 201: announcementResponseSchema, ...guarded },
  },
  updateAnnouncement: {
    params: announcementIdParamsSchema,
    body: updateAnnouncementBodySchema,
    response: { 200: announcementResponseSchema, 409: error, ...guarded },
  },
  deleteAnnouncement: { params: announcementIdParamsSchema, response: { 204: noContent, ...guarded } },
  markAnnouncementRead: {
    params: announcementIdParamsSchema,
    response: { 200: announcementsUnreadSchema, ...guarded },
  },
  markAllAnnouncementsRead: { response: { 200: announcementsUnreadSchema, ...guarded } },
  listPendingUrgent: { response: { 200: pendingUrgentSchema, ...guarded } },
  acknowledgeAnnouncement: {
    params: announcementIdParamsSchema,
    response: { 200: acknowledgeResponseSchema, ...guarded },
  },
  getAnnouncementReceipts: {
    params: announcementIdParamsSchema,
    response: { 200: announcementReceiptsSchema, ...guarded },
  },
  remindAnnouncement: {
    params: announcementIdParamsSchema,
    response: { 200: remindResponseSchema, 409: error, ...guarded },
  },
} as const satisfies Record<string, RouteSchemas>;
