/** The app root: the router and the one toast outlet. */
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppToaster } from './components/AppToaster.tsx';
import { createAppRouter } from './routes/routes.tsx';
import { setNavigator } from './navigation/navigate.ts';

export function App() {
  // Created once per mount so tests can render a fresh app.
  const [router] = useState(createAppRouter);
  // Socket events (an admin's lock) move the user without a component in the loop.
  useEffect(() => setNavigator((path) => void router.navigate(path, { replace: true })), [router]);
  return (
    <>
      <RouterProvider router={router} />
      <AppToaster />
    </>
  );
}
