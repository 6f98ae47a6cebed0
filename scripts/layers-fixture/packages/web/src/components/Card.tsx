// Known violation: web-screens-not-network.
import { client } from '../services/http/client.ts';
// Known violation: web-components-imports-only-lower-layers.
import { Home } from '../pages/Home.tsx';

export const Card = [client, Home];
