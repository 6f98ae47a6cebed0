/** Shown when the signed-in account may not open what was asked for. */
import { ShieldAlert } from 'lucide-react';
import { StatusPage } from '../../components/layout/StatusPage.tsx';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { PATHS } from '../../navigation/paths.ts';
import { useAuthStore } from '../../stores/auth.ts';

export default function UnauthorizedPage() {
  const signedIn = useAuthStore((s) => s.user !== null);
  return (
    <StatusPage
      icon={ShieldAlert}
      tone="red"
      eyebrow="Access denied"
      title="You don't have access to this page"
      actions={
        signedIn ? (
          <ButtonLink to={PATHS.root}>Back to Stoop</ButtonLink>
        ) : (
          <>
            <ButtonLink to={PATHS.login}>Log in</ButtonLink>
            <ButtonLink to={PATHS.root} variant="secondary">
              Go to start
            </ButtonLink>
          </>
        )
      }
    >
      <p>
        {signedIn
          ? 'This part of Stoop is only open to community admins. If you think you should have access, ask an admin of your community.'
          : 'Please log in with an account that is allowed to open this page.'}
      </p>
    </StatusPage>
  );
}
