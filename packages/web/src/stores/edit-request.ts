/**
 * Up arrow in an empty composer edits the resident's last message, as in Slack: the
 * composer names the message here, its row opens its editor and takes the request back.
 */
import { create } from 'zustand';

interface EditRequestState {
  messageId: string | null;
  request: (messageId: string) => void;
  done: () => void;
}

export const useEditRequestStore = create<EditRequestState>()((set) => ({
  messageId: null,
  request: (messageId) => set({ messageId }),
  done: () => set({ messageId: null }),
}));
