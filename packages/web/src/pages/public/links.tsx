/** Links the public cards share. */
import { Link } from 'react-router';
import { PATHS } from '../../navigation/paths.ts';

/** A link in the sign-up card and in what a spent invitation shows in its place. */
export const textLinkClass =
  'font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline';

/** Under the password cards: the way back to the login form. */
export function BackToLogIn() {
  return (
    <Link className="font-medium text-brand-700 hover:underline" to={PATHS.login}>
      Back to log in
    </Link>
  );
}
