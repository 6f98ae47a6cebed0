import { Outlet } from 'react-router';

export default function MainDashboardLayout() {
  return (
    <main id="main-content">
      <h1>MainDashboardLayout</h1>
      <Outlet />
    </main>
  );
}
