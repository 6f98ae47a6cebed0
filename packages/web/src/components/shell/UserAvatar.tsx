/** A user's picture, or their initials on a tinted circle when they have none. */
interface UserAvatarProps {
  name: string;
  src: string | null;
  className?: string;
}

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts.at(-1)] : [parts[0]?.slice(0, 2)];
  return (
    letters
      .map((p) => p?.[0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

export function UserAvatar({ name, src, className = 'h-8 w-8 text-xs' }: UserAvatarProps) {
  if (src)
    return (
      <img
        src={src}
        alt=""
        referrerPolicy="no-referrer"
        className={`${className} shrink-0 rounded-full object-cover`}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={`${className} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800`}
    >
      {initialsOf(name).slice(0, 2)}
    </span>
  );
}
