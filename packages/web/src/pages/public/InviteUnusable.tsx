/** What a spent invitation link shows instead of the form (expired, used up, revoked). */
import { Link } from 'react-router';
import { AuthPage } from '../../components/layout/AuthPage.tsx';
import { PATHS } from '../../navigation/paths.ts';
import { textLinkClass } from './links.tsx';

export function InviteUnusable({ message }: { message: string }) {
  return (
    <AuthPage title="This invitation does not work any more">
      <p role="alert" className="text-sm text-slate-800" data-testid="invite-unusable">
        {message}
      </p>
      <p className="mt-4 text-sm text-slate-600">
        You can still{' '}
        <Link className={textLinkClass} to={PATHS.signup}>
          sign up without an invitation
        </Link>{' '}
        and wait for an admin’s approval, or{' '}
        <Link className={textLinkClass} to={PATHS.login}>
          log in
        </Link>{' '}
        if you already have an account.
      </p>
    </AuthPage>
  );
}
