import { socket } from './socket.ts';

export const dispatch = () => socket;
