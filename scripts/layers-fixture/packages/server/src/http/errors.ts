// Allowed: the edge maps the domain errors to status codes.
import { NotFound } from '../errors.ts';

export const STATUS_OF = new Map([[NotFound, 404]]);
