/** How long ago a sign-up was, in the largest whole unit: "3 days", "5 hours", "less than a minute". */
export function waitedFor(since: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  const units: [number, string][] = [
    [60 * 24 * 7, 'week'],
    [60 * 24, 'day'],
    [60, 'hour'],
    [1, 'minute'],
  ];
  for (const [size, name] of units) {
    const count = Math.floor(minutes / size);
    if (count >= 1) return `${count} ${name}${count === 1 ? '' : 's'}`;
  }
  return 'less than a minute';
}

/** A sign-up date the way residents write it: "Mar 3, 2026". */
export const signupDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
