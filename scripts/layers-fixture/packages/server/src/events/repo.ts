// Known violation: server-repos-not-upward (service code named otherwise).
import { remind } from './reminders.ts';

export const eventRow = remind;
