// Allowed: tests reach any layer.
import { homeApi } from '../services/api/home-api.ts';

export const seen = homeApi;
