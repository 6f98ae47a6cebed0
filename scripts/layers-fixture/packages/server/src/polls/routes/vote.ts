// Known violation: server-routes-not-repos (a routes folder and a repo folder).
import { voteRows } from '../repo/votes.ts';

export const voteRoute = voteRows;
