import { Outlet } from 'react-router';

export default function MobileHomePage() {
  return (
    <main id="main-content">
      <h1>MobileHomePage</h1>
      <Outlet />
    </main>
  );
}
