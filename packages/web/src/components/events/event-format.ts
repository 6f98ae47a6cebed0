/** How an event's time reads on screen, in the reader's own zone. */
export function whenOf(event: { startsAt: string; endsAt: string }): string {
  const start = new Date(event.startsAt);
  const end = new Date(event.endsAt);
  const day = (d: Date) =>
    d.toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
  const time = (d: Date) => d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const sameDay = start.toDateString() === end.toDateString();
  return sameDay
    ? `${day(start)}, ${time(start)}–${time(end)}`
    : `${day(start)}, ${time(start)} – ${day(end)}, ${time(end)}`;
}
