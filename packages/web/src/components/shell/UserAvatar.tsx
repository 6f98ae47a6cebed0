/** A user's picture, or their initials on a tinted circle when they have none. */
import { initialsOf } from '@stoop/shared/first-view';
import { useMediaUrl } from '../../stores/media-ticket.ts';

interface UserAvatarProps {
  name: string;
  src: string | null;
  className?: string;
}

export function UserAvatar({ name, src, className = 'h-8 w-8 text-xs' }: UserAvatarProps) {
  const url = useMediaUrl(src);
  if (url)
    return (
      <img
        src={url}
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
      {initialsOf(name)}
    </span>
  );
}
