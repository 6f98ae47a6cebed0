export const bus = 'bus';
