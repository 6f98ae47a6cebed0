/** How each report reason reads, in the report dialog and the admins' queue. */
import type { ReportReason } from '@stoop/shared';

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  other: 'Something else',
};
