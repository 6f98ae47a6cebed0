/** Previous / next for a paged list, with "page x of y". */
import { Button } from '../ui/Button.tsx';

interface PagerProps {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Button texts; a list that is not newest first says Previous and Next. */
  previousLabel?: string;
  nextLabel?: string;
}

export function Pager({
  page,
  total,
  pageSize,
  onPage,
  previousLabel = 'Newer',
  nextLabel = 'Older',
}: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="flex items-center justify-between gap-2" aria-label="Pages">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previousLabel}
      </Button>
      <span className="text-sm text-slate-600">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {nextLabel}
      </Button>
    </nav>
  );
}
