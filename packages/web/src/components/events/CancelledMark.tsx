/** The mark a cancelled event's card and page carry. */
export function CancelledMark() {
  return (
    <p className="w-fit rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-red-800">
      Cancelled
    </p>
  );
}
