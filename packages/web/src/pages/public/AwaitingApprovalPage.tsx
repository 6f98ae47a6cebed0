/**
 * The only screen a locked account sees (R-LOCK-2). Explains whether the account waits for
 * approval or was locked by an admin, lets the user log out and moves on by itself once unlocked.
 */
import { Clock, Lock } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { StatusPage } from '../../components/layout/StatusPage.tsx';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { PATHS } from '../../navigation/paths.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useApprovalWatch } from './useApprovalWatch.ts';

export default function AwaitingApprovalPage() {
  useApprovalWatch();
  const user = useAuthStore((s) => s.user);
  const logout = useAuthStore((s) => s.logout);
  const loadCurrentUser = useAuthStore((s) => s.loadCurrentUser);
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'logout' | 'check' | null>(null);
  // Locked without a reason counts as pending approval.
  const adminLock = user?.reasonForLock === 'admin_lock';

  async function onLogout() {
    setBusy('logout');
    try {
      await logout();
      await navigate(PATHS.login, { replace: true });
    } finally {
      setBusy(null);
    }
  }

  async function onCheck() {
    setBusy('check');
    try {
      await loadCurrentUser();
    } finally {
      setBusy(null);
    }
  }

  const actions = (
    <>
      {adminLock ? (
        <ButtonLink to={PATHS.contact} variant="secondary">
          Contact us
        </ButtonLink>
      ) : (
        <Button variant="secondary" busy={busy === 'check'} onClick={() => void onCheck()}>
          Check again
        </Button>
      )}
      <Button busy={busy === 'logout'} onClick={() => void onLogout()}>
        Log out
      </Button>
    </>
  );

  if (adminLock) {
    return (
      <StatusPage
        icon={Lock}
        tone="red"
        eyebrow="Account locked"
        title="An admin has locked your account"
        actions={actions}
      >
        <p>
          While your account is locked you cannot read or send messages. This usually happens when a community
          admin needs to check something — for example after a report, or when someone has moved out.
        </p>
        <p>
          Please get in touch with your building&apos;s admins or write to us through the contact page to sort
          it out.
        </p>
      </StatusPage>
    );
  }

  return (
    <StatusPage
      icon={Clock}
      tone="amber"
      eyebrow="Almost there"
      title="Your account is waiting for approval"
      actions={actions}
    >
      <p>
        Thanks for signing up
        {user ? (
          <>
            , <strong className="text-slate-800">{user.username}</strong>
          </>
        ) : null}
        ! To keep Stoop private, an admin of your community confirms that every new member lives there.
      </p>
      <p>
        You don&apos;t need to do anything: keep this page open and it moves on by itself as soon as you are
        approved. You can also close it and log in again later.
      </p>
    </StatusPage>
  );
}
