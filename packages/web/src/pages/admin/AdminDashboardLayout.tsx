import { Outlet } from 'react-router';

export default function AdminDashboardLayout() {
  return (
    <main id="main-content">
      <h1>AdminDashboardLayout</h1>
      <Outlet />
    </main>
  );
}
