/** Whether a navigation is settling (the root layout's progress bar); see AppRoutes.tsx. */
import { createContext } from 'react';

export const NavigationBusyContext = createContext(false);
