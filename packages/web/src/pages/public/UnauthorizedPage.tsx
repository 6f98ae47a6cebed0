import { Outlet } from 'react-router';

export default function UnauthorizedPage() {
  return (
    <main id="main-content">
      <h1>UnauthorizedPage</h1>
      <Outlet />
    </main>
  );
}
