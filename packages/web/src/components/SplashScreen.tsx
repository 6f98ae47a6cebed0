/** Shown while the first navigation checks the session (see routes/AppRoutes.tsx). */
import { LogoMark } from './ui/Logo.tsx';
import { Spinner } from './ui/Spinner.tsx';

export function SplashScreen() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50" role="status">
      <LogoMark className="h-14 w-14" />
      <Spinner className="h-6 w-6 text-brand-700" />
      <span className="sr-only">Loading Stoop…</span>
    </div>
  );
}
