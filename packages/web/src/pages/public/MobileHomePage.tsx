/** Public home inside the Android/iOS app: compact, thumb-friendly, no marketing scroll. */
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { LogoMark } from '../../components/ui/Logo.tsx';
import { PATHS } from '../../navigation/paths.ts';
import { FEATURES } from './features.ts';

const HIGHLIGHTS = FEATURES.slice(0, 4);

export default function MobileHomePage() {
  return (
    <main
      id="main-content"
      className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-white px-5 pb-[max(env(safe-area-inset-bottom),1.25rem)] pt-[max(env(safe-area-inset-top),1.5rem)]"
    >
      <div className="flex flex-1 flex-col justify-center">
        <LogoMark className="h-14 w-14" />
        <h1 className="mt-5 text-3xl font-bold tracking-tight text-slate-900">Stoop</h1>
        <p className="mt-2 text-base text-slate-600">The private chat for your apartment community.</p>
        <ul className="mt-8 space-y-4">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <div>
                <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
                <p className="text-sm text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-8 flex flex-col gap-3">
        <ButtonLink to={PATHS.signup} className="w-full text-base">
          Sign up
        </ButtonLink>
        <ButtonLink to={PATHS.login} variant="secondary" className="w-full text-base">
          Log in
        </ButtonLink>
        <p className="mt-2 text-center text-xs text-slate-500">
          <Link to={PATHS.privacyPolicy} className="underline">
            Privacy
          </Link>{' '}
          ·{' '}
          <Link to={PATHS.termsOfService} className="underline">
            Terms
          </Link>{' '}
          ·{' '}
          <Link to={PATHS.contact} className="underline">
            Contact
          </Link>
        </p>
      </div>
    </main>
  );
}
