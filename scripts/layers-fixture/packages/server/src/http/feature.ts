// Known violation: server-http-is-cross-cutting (a feature in the cross-cutting layer).
import { tally } from '../polls/tally.ts';

export const feature = tally;
