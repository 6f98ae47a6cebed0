// Allowed: a page calls store actions.
import { homeStore } from '../stores/home.ts';
// Known violation: web-screens-not-network.
import { homeApi } from '../services/api/home-api.ts';

export const Home = [homeStore, homeApi];
