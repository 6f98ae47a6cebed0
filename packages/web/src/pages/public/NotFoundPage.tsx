import { Outlet } from 'react-router';

export default function NotFoundPage() {
  return (
    <main id="main-content">
      <h1>NotFoundPage</h1>
      <Outlet />
    </main>
  );
}
