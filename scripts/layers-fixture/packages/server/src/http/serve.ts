// Allowed: the session guard is part of the HTTP edge.
import { requireUser } from '../auth/http/guards.ts';

export const serve = requireUser;
