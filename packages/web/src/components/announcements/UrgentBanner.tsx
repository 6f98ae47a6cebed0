/**
 * An urgent announcement stays at the top of every signed-in screen until the resident
 * taps "Got it". Live: a new one appears at once, and "Got it" on another device removes it here.
 */
import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { NO_ANNOUNCEMENT_ABILITIES } from '@stoop/shared/no-abilities';
import { DASHBOARD_PATHS } from '../../navigation/paths.ts';
import { useUrgentBannerStore } from '../../stores/urgent-banner.ts';
import { plainExcerpt } from './plain-excerpt.ts';

export function UrgentBanner() {
  const items = useUrgentBannerStore((s) => s.items);
  const loaded = useUrgentBannerStore((s) => s.loaded);
  const acknowledge = useUrgentBannerStore((s) => s.acknowledge);
  useEffect(() => {
    if (!loaded) void useUrgentBannerStore.getState().load();
  }, [loaded]);
  const first = items[0];
  if (!first) return null;
  return (
    <section
      role="alert"
      aria-label="Urgent announcement"
      data-testid="urgent-banner"
      className="shrink-0 border-b border-red-300 bg-red-50 px-3 py-2 text-red-900 sm:px-4"
    >
      <div className="flex flex-wrap items-start gap-2">
        <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-red-600" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">{first.title}</p>
          <p className="line-clamp-2 text-sm break-words whitespace-pre-line">{plainExcerpt(first.body)}</p>
          <Link to={DASHBOARD_PATHS.announcements} className="text-sm underline">
            Read it{items.length > 1 ? ` (and ${items.length - 1} more urgent)` : ''}
          </Link>
        </div>
        {(first.abilities ?? NO_ANNOUNCEMENT_ABILITIES).acknowledge ? (
          <button
            type="button"
            onClick={() => void acknowledge(first.id)}
            className="min-h-11 shrink-0 rounded-md bg-red-600 px-4 text-sm font-semibold text-white hover:bg-red-700 focus-visible:ring-2 focus-visible:ring-red-400 focus-visible:outline-none"
          >
            Got it
          </button>
        ) : null}
      </div>
    </section>
  );
}
