/**
 * The abilities of an object that came without them, in a module of its own without zod: the chat
 * screens read these on their first load, which carries no schema library.
 */
import type {
  AnnouncementAbilities,
  EventAbilities,
  MessageAbilities,
  PollAbilities,
  RequestAbilities,
} from './schemas/abilities.ts';

/** What a client shows for an object without abilities (a copy stored before them): no action. */
export const NO_MESSAGE_ABILITIES: MessageAbilities = {
  edit: false,
  delete: false,
  hide: false,
  report: false,
  react: false,
};
export const NO_POLL_ABILITIES: PollAbilities = { vote: false, close: false };
export const NO_EVENT_ABILITIES: EventAbilities = { edit: false, cancel: false };
export const NO_REQUEST_ABILITIES: RequestAbilities = { cancel: false, changeStatus: false, comment: false };
export const NO_ANNOUNCEMENT_ABILITIES: AnnouncementAbilities = {
  edit: false,
  delete: false,
  acknowledge: false,
};
