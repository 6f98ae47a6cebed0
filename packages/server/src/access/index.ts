// How this folder works (who may see what): docs/access.md.
/**
 * Who may do what (Zulip's access_*_by_* style): the rule in TypeScript (rules.ts) and as one SQL
 * fragment (repo/sql.ts), the checks of one conversation or message, and the readable ids.
 */
export * from './rules.ts';
export * from './repo/sql.ts';
export * from './conversation.ts';
export * from './message.ts';
export * from './abilities.ts';
export { readableConversationIds } from './repo/readable.ts';
export * from './refusals.ts';
