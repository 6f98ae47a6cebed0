// Known violation: web-no-cycles (socket.ts and dispatch.ts import each other).
import { dispatch } from './dispatch.ts';

export const socket = () => dispatch;
