// Known violation: server-domains-no-cycles (reminders.ts and ics.ts import each other).
import { ics } from './ics.ts';

export const remind = () => ics;
