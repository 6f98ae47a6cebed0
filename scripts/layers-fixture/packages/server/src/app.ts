import { pollsPlugin } from './polls/plugin.ts';

export const domains = [pollsPlugin];
