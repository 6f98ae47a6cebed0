import { Outlet } from 'react-router';

export default function SignupPage() {
  return (
    <main id="main-content">
      <h1>SignupPage</h1>
      <Outlet />
    </main>
  );
}
