export * from './constants.ts';
export * from './texts.ts';
export * from './schemas/user.ts';
export * from './schemas/auth.ts';
export * from './schemas/logs.ts';
export * from './schemas/chat.ts';
export * from './schemas/events.ts';
export * from './schemas/push.ts';
