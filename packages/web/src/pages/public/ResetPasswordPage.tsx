import { Outlet } from 'react-router';

export default function ResetPasswordPage() {
  return (
    <main id="main-content">
      <h1>ResetPasswordPage</h1>
      <Outlet />
    </main>
  );
}
