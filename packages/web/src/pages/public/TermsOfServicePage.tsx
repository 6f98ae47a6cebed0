import { Outlet } from 'react-router';

export default function TermsOfServicePage() {
  return (
    <main id="main-content">
      <h1>TermsOfServicePage</h1>
      <Outlet />
    </main>
  );
}
