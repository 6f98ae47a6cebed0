// Allowed: the tables and the access rule.
import { pollsTable } from '../db/schema/polls.ts';
import { canRead } from '../access/rules.ts';

export const pollRow = [pollsTable, canRead];
