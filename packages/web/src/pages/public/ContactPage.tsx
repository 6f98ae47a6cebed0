import { Outlet } from 'react-router';

export default function ContactPage() {
  return (
    <main id="main-content">
      <h1>ContactPage</h1>
      <Outlet />
    </main>
  );
}
