// Known violation: server-services-speak-no-http (an access rule answering with a status code).
import { STATUS_OF } from '../http/errors.ts';

export const canRead = STATUS_OF;
