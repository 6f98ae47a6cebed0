/** Keeps the browser tab's title at "(3) Stoop" while messages are unread. */
import { useEffect } from 'react';
import { titleWithUnread } from '../../services/chat/unread.ts';
import { useUnreadTotals } from './use-unread-totals.ts';

const BASE_TITLE = 'Stoop';

export function UnreadTitle() {
  const { all } = useUnreadTotals();
  useEffect(() => {
    document.title = titleWithUnread(BASE_TITLE, all);
  }, [all]);
  useEffect(
    () => () => {
      document.title = BASE_TITLE;
    },
    [],
  );
  return null;
}
