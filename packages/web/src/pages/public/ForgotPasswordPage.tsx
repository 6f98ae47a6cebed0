import { Outlet } from 'react-router';

export default function ForgotPasswordPage() {
  return (
    <main id="main-content">
      <h1>ForgotPasswordPage</h1>
      <Outlet />
    </main>
  );
}
