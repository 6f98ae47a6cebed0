import { Outlet } from 'react-router';

export default function PrivacyPolicyPage() {
  return (
    <main id="main-content">
      <h1>PrivacyPolicyPage</h1>
      <Outlet />
    </main>
  );
}
