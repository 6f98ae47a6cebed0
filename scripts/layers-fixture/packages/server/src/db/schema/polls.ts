export const pollsTable = 'polls';
