/** The app root: the router and the one toast outlet. */
import { BrowserRouter } from 'react-router';
import { AppToaster } from './components/AppToaster.tsx';
import { AppRoutes } from './routes/AppRoutes.tsx';

export function App() {
  return (
    <>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <AppToaster />
    </>
  );
}
