/** Shown when a screen fails to load or throws (for example a stale chunk after a deploy). */
import { Button } from '../components/ui/Button.tsx';
import { LogoMark } from '../components/ui/Logo.tsx';

/**
 * Drawn here rather than taken from the icon set: the icons are one chunk loaded with the screens
 * (vite.config.ts), and this page must show when a chunk could not be loaded.
 */
function WarningSign() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="mx-auto mt-6 h-8 w-8 text-amber-500"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 3 2 20h20Z" />
      <path d="M12 10v4" />
      <path d="M12 17h.01" />
    </svg>
  );
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

export function RouteErrorPage({ error }: { error: unknown }) {
  return (
    <main id="main-content" className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <LogoMark className="mx-auto h-10 w-10" />
        <WarningSign />
        <h1 className="mt-3 text-xl font-semibold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-sm text-slate-600">
          This screen could not be shown. Reloading usually fixes it; if it keeps happening, please tell us
          through the contact page.
        </p>
        <p className="mt-3 break-words text-xs text-slate-500">{describe(error)}</p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            Go to start
          </Button>
        </div>
      </div>
    </main>
  );
}
