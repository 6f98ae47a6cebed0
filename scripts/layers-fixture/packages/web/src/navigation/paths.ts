// Known violation: web-navigation-imports-only-lower-layers.
import { client } from '../services/http/client.ts';

export const paths = client;
