// Known violation: web-services-imports-only-lower-layers.
import { toasts } from '../../stores/toasts.ts';

export const toast = toasts;
