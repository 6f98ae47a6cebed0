/** Socket events (server to client) of announcements and notifications; see ../socket-events.ts. */
import { z } from 'zod';
import { announcementSchema } from '../announcements.ts';
import { notificationSchema } from '../notifications.ts';

export const newsSocketEventSchemas = {
  /** To every connected (approved) resident; `read` is false, the broadcast has no single reader. */
  'announcement:new': z.object({ announcement: announcementSchema }),
  'announcement:updated': z.object({ announcement: announcementSchema }),
  'announcement:deleted': z.object({ announcementId: z.string() }),
  /** To admins: an announcement's receipts changed; they fetch them again. */
  'announcement:receipts': z.object({ announcementId: z.string() }),
  /** To one resident's sockets: they acknowledged it on some device, so every banner goes. */
  'announcement:acknowledged': z.object({ announcementId: z.string() }),
  /** To the recipient's own sockets only (`user:<id>`). */
  'notification:new': z.object({ notification: notificationSchema }),
} as const;
