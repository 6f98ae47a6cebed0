import { Outlet } from 'react-router';

export default function AwaitingApprovalPage() {
  return (
    <main id="main-content">
      <h1>AwaitingApprovalPage</h1>
      <Outlet />
    </main>
  );
}
