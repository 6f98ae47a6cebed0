/** The app root: the router and the one toast outlet. */
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppToaster } from './components/AppToaster.tsx';
import { createAppRouter } from './routes/routes.tsx';

export function App() {
  // Created once per mount so tests can render a fresh app.
  const [router] = useState(createAppRouter);
  return (
    <>
      <RouterProvider router={router} />
      <AppToaster />
    </>
  );
}
