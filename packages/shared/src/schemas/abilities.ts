import { z } from 'zod';

/**
 * R-ACCESS-9: what the viewer may do with an object, decided by the server's access module and sent
 * with the object; clients show a button only where its ability says true and hold no rule of their
 * own. Optional on every object, since copies stored on a device before abilities existed lack
 * them: a client without them shows no action until the server answers again.
 */

/** A message: edit its text, delete it, hide or unhide it from residents, report it, like or react. */
export const messageAbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  hide: z.boolean(),
  report: z.boolean(),
  react: z.boolean(),
});
export type MessageAbilities = z.infer<typeof messageAbilitiesSchema>;

/** A poll: vote (or change the vote), and end the vote early. */
export const pollAbilitiesSchema = z.object({ vote: z.boolean(), close: z.boolean() });
export type PollAbilities = z.infer<typeof pollAbilitiesSchema>;

/** A calendar event: change its fields, and cancel it. */
export const eventAbilitiesSchema = z.object({ edit: z.boolean(), cancel: z.boolean() });
export type EventAbilities = z.infer<typeof eventAbilitiesSchema>;

/**
 * A building request: cancel it (its requester, while open), change its status (admins, unless the
 * resident cancelled it), and comment on it (whoever sees it: the requester and admins).
 */
export const requestAbilitiesSchema = z.object({
  cancel: z.boolean(),
  changeStatus: z.boolean(),
  comment: z.boolean(),
});
export type RequestAbilities = z.infer<typeof requestAbilitiesSchema>;

/** An announcement: edit, delete and remind (admins), and acknowledge ("Got it", whoever sees it). */
export const announcementAbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  acknowledge: z.boolean(),
});
export type AnnouncementAbilities = z.infer<typeof announcementAbilitiesSchema>;

/**
 * A conversation: manage (rename, re-icon, describe, delete a channel) and moderate (flag, unflag,
 * hide, unhide a channel).
 */
export const conversationAbilitiesSchema = z.object({ manage: z.boolean(), moderate: z.boolean() });
export type ConversationAbilities = z.infer<typeof conversationAbilitiesSchema>;
