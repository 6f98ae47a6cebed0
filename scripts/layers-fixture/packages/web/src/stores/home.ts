// Allowed: stores call the network.
import { homeApi } from '../services/api/home-api.ts';
// Known violation: web-stores-imports-only-lower-layers.
import { socket } from '../realtime/socket.ts';

export const homeStore = [homeApi, socket];
