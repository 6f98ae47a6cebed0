/** Where files are served (files/routes.ts); also written by the database in messages/repo/present-sql.ts. */
export const FILES_PATH = '/api/files/';
export const THUMBNAIL_SUFFIX = '/thumbnail';
export const fileUrl = (fileId: string) => `${FILES_PATH}${fileId}`;
export const thumbnailUrl = (fileId: string) => `${FILES_PATH}${fileId}${THUMBNAIL_SUFFIX}`;
