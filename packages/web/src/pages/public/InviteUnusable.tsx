/** What a spent invitation link shows instead of the form (expired, used up, revoked). */
import { Link } from 'react-router';
import { AuthCard, PublicLayout } from '../../components/layout/PublicLayout.tsx';
import { PATHS } from '../../navigation/paths.ts';

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline';

export function InviteUnusable({ message }: { message: string }) {
  return (
    <PublicLayout minimalHeader>
      <AuthCard title="This invitation does not work any more">
        <p role="alert" className="text-sm text-slate-800" data-testid="invite-unusable">
          {message}
        </p>
        <p className="mt-4 text-sm text-slate-600">
          You can still{' '}
          <Link className={linkClass} to={PATHS.signup}>
            sign up without an invitation
          </Link>{' '}
          and wait for an admin’s approval, or{' '}
          <Link className={linkClass} to={PATHS.login}>
            log in
          </Link>{' '}
          if you already have an account.
        </p>
      </AuthCard>
    </PublicLayout>
  );
}
