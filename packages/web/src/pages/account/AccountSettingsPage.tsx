import { Outlet } from 'react-router';

export default function AccountSettingsPage() {
  return (
    <main id="main-content">
      <h1>AccountSettingsPage</h1>
      <Outlet />
    </main>
  );
}
