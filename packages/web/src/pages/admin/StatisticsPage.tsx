/**
 * /admin_dashboard/statistics for every signed-in user: residents, messages per day and
 * hour, busiest channels, announcement reach, and for admins the moderation figures. The charts come
 * from recharts (components/stats/BarSeries.tsx), which loads with this lazy route only.
 */
import type { StatsResponse } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import type { BarPoint } from '../../components/stats/BarSeries.tsx';
import { LazyBarSeries } from '../../components/stats/LazyBarSeries.tsx';
import { BusiestChannels } from '../../components/stats/BusiestChannels.tsx';
import { ChartPanel, type TableColumn } from '../../components/stats/ChartPanel.tsx';
import {
  formatCount,
  formatDay,
  formatDuration,
  formatHour,
  formatPercent,
} from '../../components/stats/format.ts';
import { ErrorState, LoadingState } from '../../components/ui/LoadStates.tsx';
import { StatCard } from '../../components/stats/StatCard.tsx';
import { useLoad } from '../../components/stats/useLoad.ts';
import { fetchStats } from '../../stores/admin-stats.ts';

const pointColumns = (first: string): readonly TableColumn<BarPoint>[] => [
  { header: first, cell: (p) => p.label },
  { header: 'Messages', cell: (p) => formatCount(p.value), numeric: true },
];

/** "busiest: Nov 3 with 20" for the chart's summary. */
function busiest(points: readonly BarPoint[]): string {
  const top = points.reduce<BarPoint | undefined>(
    (best, p) => (!best || p.value > best.value ? p : best),
    undefined,
  );
  return top && top.value > 0 ? `busiest ${top.label} with ${formatCount(top.value)}` : 'no messages';
}

function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  const mins = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${mins ? `:${String(mins).padStart(2, '0')}` : ''}`;
}

function Statistics({ stats }: { stats: StatsResponse }) {
  const days: BarPoint[] = stats.messagesPerDay.map((p) => ({
    key: p.day,
    label: formatDay(p.day),
    value: p.messages,
  }));
  const hours: BarPoint[] = stats.busiestHours.map((h) => ({
    key: String(h.hour),
    label: formatHour(h.hour),
    value: h.messages,
  }));
  const total = days.reduce((sum, p) => sum + p.value, 0);
  const noMessages = total === 0 ? 'No messages in the last 30 days yet.' : null;
  const { residents, announcements, moderation } = stats;
  return (
    <>
      <section aria-labelledby="residents-heading">
        <h2 id="residents-heading" className="sr-only">
          Residents
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <StatCard label="Residents" value={formatCount(residents.total)} hint="All accounts" />
          <StatCard label="Approved" value={formatCount(residents.approved)} />
          <StatCard label="Awaiting approval" value={formatCount(residents.pending)} />
          <StatCard
            label="Active, 7 days"
            value={formatCount(residents.active7Days)}
            hint="Sent a message or signed in"
          />
          <StatCard
            label="Active, 30 days"
            value={formatCount(residents.active30Days)}
            hint="Sent a message or signed in"
          />
        </dl>
      </section>

      <ChartPanel
        title="Messages per day"
        description={`Last 30 days, ${formatCount(total)} messages in all. Days are UTC days.`}
        summary={`Bar chart of messages per day over the last 30 days: ${formatCount(total)} in all, ${busiest(days)}.`}
        rows={days}
        columns={pointColumns('Day (UTC)')}
        rowKey={(p) => p.key}
        empty={noMessages}
      >
        <LazyBarSeries points={days} valueName="Messages" />
      </ChartPanel>

      <div className="grid gap-4 lg:grid-cols-2">
        <ChartPanel
          title="Busiest hours"
          description={`Messages by hour of day, last 30 days, your time (${offsetLabel(stats.utcOffsetMinutes)}).`}
          summary={`Bar chart of messages by hour of day: ${busiest(hours)}.`}
          rows={hours}
          columns={pointColumns('Hour')}
          rowKey={(p) => p.key}
          empty={noMessages}
        >
          <LazyBarSeries points={hours} valueName="Messages" height={200} />
        </ChartPanel>
        <BusiestChannels channels={stats.busiestChannels} />
      </div>

      <section aria-labelledby="reach-heading">
        <h2 id="reach-heading" className="mb-2 text-base font-semibold text-slate-900">
          Announcements
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <StatCard
            label="Read rate"
            value={formatPercent(announcements.readRate)}
            hint={
              announcements.possibleReads === 0
                ? 'No announcements in the last 30 days'
                : `${formatCount(announcements.reads)} of ${formatCount(announcements.possibleReads)} possible reads`
            }
          />
          <StatCard label="Published, 30 days" value={formatCount(announcements.published)} />
        </dl>
      </section>

      {moderation ? (
        <section aria-labelledby="moderation-heading">
          <h2 id="moderation-heading" className="mb-2 text-base font-semibold text-slate-900">
            Moderation
          </h2>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard label="Open flags" value={formatCount(moderation.openFlags)} hint="Flagged messages" />
            <StatCard label="Flagged channels" value={formatCount(moderation.flaggedChannels)} />
            <StatCard label="Approvals waiting" value={formatCount(moderation.approvalsWaiting)} />
            <StatCard
              label="Median time to approve"
              value={formatDuration(moderation.medianApprovalSeconds)}
              hint={
                moderation.approvalsMeasured === 0
                  ? 'No approvals in the last 30 days'
                  : `Over ${formatCount(moderation.approvalsMeasured)} ${moderation.approvalsMeasured === 1 ? 'approval' : 'approvals'}, last 30 days`
              }
            />
          </dl>
        </section>
      ) : null}
    </>
  );
}

export default function StatisticsPage() {
  const { state, reload } = useLoad(fetchStats);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-4 sm:p-6">
      <header>
        <h1 className="text-lg font-semibold text-slate-900">Community statistics</h1>
        <p className="text-sm text-slate-600">The last 30 days of your community.</p>
      </header>
      {state.status === 'loading' ? (
        <LoadingState label="Loading statistics…" />
      ) : state.status === 'error' ? (
        <ErrorState message={TEXTS.statsLoadFailed} detail={state.message} onRetry={reload} />
      ) : (
        <Statistics stats={state.data} />
      )}
    </div>
  );
}
