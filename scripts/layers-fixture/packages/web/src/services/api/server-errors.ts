// Known violation: web-imports-no-server (the client shares the server's types through @stoop/shared only).
import { NotFound } from '../../../../server/src/errors.ts';

export const serverErrors = [NotFound];
