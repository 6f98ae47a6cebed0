// Known violation: server-db-not-upward.
import { tally } from '../polls/tally.ts';

export const client = tally;
