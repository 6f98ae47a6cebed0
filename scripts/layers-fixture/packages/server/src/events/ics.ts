import { remind } from './reminders.ts';

export const ics = () => remind;
