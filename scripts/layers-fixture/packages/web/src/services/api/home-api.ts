import { client } from '../http/client.ts';

export const homeApi = client;
