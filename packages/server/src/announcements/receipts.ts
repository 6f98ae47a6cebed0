import type { AnnouncementReceipts } from '@stoop/shared';
import { presentPublic } from '../users/present.ts';
import type { ReceiptRow } from './repo.ts';

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * The receipts an admin reads: counts, then every recipient, those who have not seen it
 * first (then by name), with public fields only (never an email).
 */
export function presentReceipts(announcementId: string, rows: ReceiptRow[]): AnnouncementReceipts {
  const seen = (r: ReceiptRow) => r.seenAt !== null || r.acknowledgedAt !== null;
  const sorted = [...rows].sort(
    (a, b) => Number(seen(a)) - Number(seen(b)) || a.user.username.localeCompare(b.user.username),
  );
  return {
    announcementId,
    counts: {
      residents: rows.length,
      delivered: rows.filter((r) => r.pushAt || r.mailAt || r.inAppAt).length,
      push: rows.filter((r) => r.pushAt).length,
      mail: rows.filter((r) => r.mailAt).length,
      inApp: rows.filter((r) => r.inAppAt).length,
      seen: rows.filter(seen).length,
      acknowledged: rows.filter((r) => r.acknowledgedAt).length,
    },
    residents: sorted.map((r) => ({
      user: presentPublic(r.user),
      pushAt: iso(r.pushAt),
      mailAt: iso(r.mailAt),
      inAppAt: iso(r.inAppAt),
      seenAt: iso(r.seenAt ?? r.acknowledgedAt),
      acknowledgedAt: iso(r.acknowledgedAt),
    })),
  };
}
