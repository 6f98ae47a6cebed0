import { readFileSync, writeFileSync } from 'node:fs';

/** The p-th percentile of an ascending-sorted list (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Resident set size of a process in MB, read from /proc (Linux). */
export function rssMb(pid: number): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return (kb / 1024).toFixed(0);
  } catch {
    return '?';
  }
}

/**
 * The peak resident set size of a process (VmHWM) in MB, from /proc (Linux): since it started, or
 * since resetPeakRss.
 */
export function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * Starts a process's VmHWM afresh at its current RSS (Linux's clear_refs, code 5), so the next
 * peakRssMb is the peak of what follows and not of the process's start. False where it cannot.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** A gauge of the server's /metrics in MB (the endpoint answers loopback callers). */
export async function metricMb(baseUrl: string, name: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').at(-1)) / 2 ** 20 : Number.NaN;
}

/**
 * Extra node flags for the measured server: BENCH_CPU_PROFILE_DIR=dir makes it write a V8 CPU
 * profile there when it stops (open it in Chrome DevTools), and BENCH_SERVER_NODE_ARGS passes
 * flags through as they are (e.g. `--max-semi-space-size=64`), for tuning experiments. The
 * figures say how fast; the profile says where the time went.
 */
export function serverNodeArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROFILE_DIR;
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return [...extra, ...(dir ? ['--cpu-prof', '--cpu-prof-dir', dir] : [])];
}
