import { Outlet } from 'react-router';

export default function LoginPage() {
  return (
    <main id="main-content">
      <h1>LoginPage</h1>
      <Outlet />
    </main>
  );
}
