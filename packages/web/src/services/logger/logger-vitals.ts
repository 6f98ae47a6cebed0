/**
 * Performance telemetry fed into the logger through its rate limits: web vitals from
 * the maintained `web-vitals` package (3 per 20 s), layout shifts from a PerformanceObserver
 * (5 per 10 s) and one navigation timing report after load (2 per 30 s).
 */
import type { Metric } from 'web-vitals';
import type { Logger } from './logger.ts';

export function reportWebVital(logger: Logger, metric: Metric): boolean {
  return logger.report('webVitals', `web-vital ${metric.name}`, {
    name: metric.name,
    value: Math.round(metric.value * 1000) / 1000,
    rating: metric.rating,
    id: metric.id,
    navigationType: metric.navigationType,
  });
}

interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}

export function reportLayoutShift(logger: Logger, entry: LayoutShiftEntry): boolean {
  // Shifts right after user input are expected (they do not count toward CLS either).
  if (entry.hadRecentInput) return false;
  return logger.report('layoutShift', 'layout shift', {
    value: entry.value,
    startTime: Math.round(entry.startTime),
  });
}

function reportPerformance(logger: Logger): boolean {
  const nav = performance.getEntriesByType('navigation')[0];
  if (!nav) return false;
  return logger.report('performance', 'performance report', {
    domContentLoaded: Math.round(nav.domContentLoadedEventEnd),
    load: Math.round(nav.loadEventEnd),
    transferSize: nav.transferSize,
    type: nav.type,
  });
}

/**
 * Subscribes once; every callback goes through the logger's rate limits. `web-vitals` loads as its
 * own chunk, off the first load; its observers read buffered entries, so nothing
 * is missed by subscribing a moment later. Resolves once subscribed.
 */
export async function startPerformanceTelemetry(logger: Logger): Promise<void> {
  observeLayoutShifts(logger);
  const afterLoad = () => setTimeout(() => reportPerformance(logger), 0);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });

  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  const onMetric = (metric: Metric) => void reportWebVital(logger, metric);
  onCLS(onMetric);
  onFCP(onMetric);
  onINP(onMetric);
  onLCP(onMetric);
  onTTFB(onMetric);
}

function observeLayoutShifts(logger: Logger): void {
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('layout-shift')
  ) {
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) reportLayoutShift(logger, entry as LayoutShiftEntry);
    });
    observer.observe({ type: 'layout-shift', buffered: true });
  }
}
