import type { WallTime } from './parse.ts';

/**
 * R-MOVEIN-3: an export's times are the phone's wall clock without a zone; the admin's time zone
 * turns them into instants. The zone's offset is looked up once per hour of the file (a 100,000
 * line export spans a few thousand hours), which also handles the changes to and from summer time.
 */
export function instantsIn(timeZone: string): (time: WallTime) => Date {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsets = new Map<number, number>();
  /** Minutes the zone is ahead of UTC at this instant. */
  const offsetAt = (instant: number): number => {
    const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
    const asUtc = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
    return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
  };
  return (t) => {
    const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
    const hour = Math.floor(wall / 3_600_000);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      // Two steps: the offset at the wall time read as UTC, then at the instant that gives.
      const first = offsetAt(wall);
      offset = offsetAt(wall - first * 60_000);
      offsets.set(hour, offset);
    }
    return new Date(wall - offset * 60_000);
  };
}
