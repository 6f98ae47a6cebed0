import { Outlet } from 'react-router';

export default function WebHomePage() {
  return (
    <main id="main-content">
      <h1>WebHomePage</h1>
      <Outlet />
    </main>
  );
}
