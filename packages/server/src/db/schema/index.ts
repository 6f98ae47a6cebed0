// Every table of the server, one file per area. drizzle-kit reads this file to generate migrations.
export * from './auth.ts';
export * from './chat.ts';
export * from './announcements.ts';
export * from './notifications.ts';
export * from './push.ts';
export * from './billing.ts';
export * from './integrations.ts';
export * from './polls.ts';
export * from './requests.ts';
export * from './events.ts';
export * from './reach.ts';
export * from './movein.ts';
export * from './link-previews.ts';
