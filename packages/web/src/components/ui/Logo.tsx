/** The Stoop mark (steps and a speech bubble) with the word mark; the same drawing as public/logo.svg. */
interface LogoProps {
  /** Hide the word mark, e.g. in a narrow header. */
  markOnly?: boolean;
  className?: string;
}

export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0f766e" />
      <path d="M14 50h36v-6H14zM20 44h30v-6H20zM26 38h24v-6H26z" fill="#ccfbf1" />
      <path
        d="M30 12h14a6 6 0 0 1 6 6v6a6 6 0 0 1-6 6h-6l-6 5v-5h-2a6 6 0 0 1-6-6v-6a6 6 0 0 1 6-6z"
        fill="#fff"
      />
    </svg>
  );
}

export function Logo({ markOnly = false, className = '' }: LogoProps) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <LogoMark />
      {markOnly ? (
        <span className="sr-only">Stoop</span>
      ) : (
        <span className="text-xl font-bold tracking-tight text-slate-900">Stoop</span>
      )}
    </span>
  );
}
