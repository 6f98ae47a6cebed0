export const toasts = [];
