/**
 * The bar chart, loaded on its own after the statistics screen's numbers are on screen:
 * the chart library is the largest part of the screen, so the figures and tables do not wait for it.
 * The chunk is left out of the offline precache (pwa-config.ts); offline, the tables still work.
 */
import { lazy, Suspense } from 'react';
import type { BarSeriesProps } from './BarSeries.tsx';

function ChartUnavailable({ height = 220 }: BarSeriesProps) {
  return (
    <p className="flex items-center justify-center text-sm text-slate-500" style={{ height }}>
      The chart could not be loaded; the table has the same numbers.
    </p>
  );
}

const BarSeries = lazy(() =>
  import('./BarSeries.tsx').then(
    (module) => ({ default: module.BarSeries }),
    () => ({ default: ChartUnavailable }),
  ),
);

export function LazyBarSeries(props: BarSeriesProps) {
  const height = props.height ?? 220;
  return (
    <Suspense fallback={<div className="animate-pulse rounded-lg bg-slate-100" style={{ height }} />}>
      <BarSeries {...props} />
    </Suspense>
  );
}
