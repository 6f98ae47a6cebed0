// Known violation: server-repos-not-upward (a nested repo publishing on the bus).
import { bus } from '../../bus.ts';

export const backupRows = bus;
