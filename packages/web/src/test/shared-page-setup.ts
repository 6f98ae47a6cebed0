import { afterAll } from 'vitest';
import { disconnectSocket } from '../realtime/socket.ts';
import { logger } from '../services/logger/logger.ts';
import { useConversationsStore } from '../stores/conversations.ts';
import { useDirectoryStore } from '../stores/directory.ts';
import { useEventsStore } from '../stores/events.ts';
import { useMessagesStore } from '../stores/messages.ts';
import { useOutboxStore } from '../stores/outbox.ts';
import { usePollsStore } from '../stores/polls.ts';
import { useReadReceiptsStore } from '../stores/read-receipts.ts';
import { useUsersStore } from '../stores/users.ts';

/**
 * The stores of the signed-in resident and their conversations. A file that fills one (a
 * conversation of a test's own shape, say) and does not empty it would hand it to the next file,
 * whose components read it under the same ids ("c1"), as they never could on a page of its own.
 */
const RESIDENT_STORES: { getState: () => { reset: () => void } }[] = [
  useConversationsStore,
  useDirectoryStore,
  useEventsStore,
  useMessagesStore,
  useOutboxStore,
  usePollsStore,
  useReadReceiptsStore,
  useUsersStore,
];

/**
 * Runs after every file on the shared page (project "web", packages/web/vitest.shared.ts). The app's
 * logger is one instance for the whole page: entries a file's code logged (and could not send to its
 * fake server) would stay queued and go out through the next file's fetch stub, so it starts empty
 * for every file, as on a page of its own. The resident's stores start empty, the page holds no
 * socket (the next file's `connectSocket` would otherwise hand back this file's, bound to a test
 * server that is gone, and never connect), and the page is a browser's again, not a native shell's.
 * Each file still cleans up what else it changes.
 */
afterAll(() => {
  logger.stop();
  // A native shell's bridge a file put on the window (test/native-bridge.ts) goes with the file.
  Reflect.deleteProperty(window, 'androidBridge');
  Reflect.deleteProperty(window, 'webkit');
  for (const store of RESIDENT_STORES) store.getState().reset();
  disconnectSocket();
});
