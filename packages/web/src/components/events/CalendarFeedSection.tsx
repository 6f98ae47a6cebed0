/**
 * "Subscribe in your calendar": the resident's feed address (a secret: anyone with it
 * sees their events), a copy button, and a rotate button that replaces it.
 */
import { Copy, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { isApiError } from '../../services/api-error.ts';
import { fetchCalendarFeedUrl, rotateCalendarFeedUrl } from '../../stores/events.ts';
import { copyWithToast } from '../../services/ui/clipboard.ts';
import { toast } from '../../services/ui/toast.ts';
import { Button } from '../ui/Button.tsx';

const failure = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

export function CalendarFeedSection() {
  const [url, setUrl] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);

  useEffect(() => {
    let live = true;
    fetchCalendarFeedUrl()
      .then((u) => live && setUrl(u))
      .catch((error: unknown) => toast.error(failure(error, 'The calendar address could not be loaded.')));
    return () => {
      live = false;
    };
  }, []);

  const copy = async () => {
    if (!url) return;
    await copyWithToast(url, {
      copied: 'Calendar address copied',
      failed: 'Copying failed; select the address and copy it.',
    });
  };
  const rotate = async () => {
    setRotating(true);
    try {
      setUrl(await rotateCalendarFeedUrl());
      toast.success('New calendar address made; the old one no longer works');
    } catch (error) {
      toast.error(failure(error, 'The calendar address could not be replaced.'));
    } finally {
      setRotating(false);
    }
  };

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="feed-title">
      <h2 id="feed-title" className="text-base font-semibold text-slate-900">
        Subscribe in your calendar
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Add this address to your calendar app to see the events you are going to or might go to. Keep it to
        yourself; make a new one if it got out.
      </p>
      <label className="mt-2 block text-sm font-medium text-slate-800">
        Calendar address
        <input
          readOnly
          className="mt-1 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800"
          value={url ?? 'Loading…'}
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!url} onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden="true" /> Copy
        </Button>
        <Button variant="ghost" busy={rotating} disabled={!url} onClick={() => void rotate()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> Make a new address
        </Button>
      </div>
    </section>
  );
}
