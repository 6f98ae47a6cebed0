export const requireUser = true;
