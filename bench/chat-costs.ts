/**
 * bench/chat.ts's cost figures: CPU per 1,000 deliveries (a delivery is one message arriving at one
 * member socket) of the measured server and of PostgreSQL, and the summary of a sitting with the
 * ratio of each target's server + database CPU to the reference's at the same members and rate.
 * A refused send costs CPU and delivers nothing, so the summary shows how many sends were taken:
 * per-delivery figures compare fairly where every target took (nearly) all of them.
 */
import type { DatabaseCpuResult } from './chat-database-cpu.ts';
import type { TargetKind } from './chat-targets.ts';

export type Costs = {
  /** The measured process's user + system CPU over the run (sending and drain). */
  serverSeconds: number;
  /** The scratch database's backends; undefined for PGlite (the database runs in the server). */
  database: DatabaseCpuResult | undefined;
  /** Deliveries that arrived in the run (message × member). */
  delivered: number;
};

/** CPU milliseconds per 1,000 deliveries. */
const perThousand = (seconds: number, delivered: number) => (seconds * 1000) / (delivered / 1000);

const totalSeconds = (c: Costs) => c.serverSeconds + (c.database?.seconds ?? 0);

export function describeCosts(c: Costs): string {
  const server = perThousand(c.serverSeconds, c.delivered).toFixed(1);
  if (!c.database)
    return `CPU per 1,000 deliveries: server ${server} ms (the embedded database runs inside the server process, counted there)`;
  const database = perThousand(c.database.seconds, c.delivered).toFixed(1);
  return (
    `CPU per 1,000 deliveries: server ${server} ms + PostgreSQL ${database} ms ` +
    `(${c.database.backends} backends of the scratch database) = ${perThousand(totalSeconds(c), c.delivered).toFixed(1)} ms; ` +
    `PostgreSQL's shared walwriter, checkpointer and background writer ${c.database.shared.toFixed(2)} s in the run, not counted`
  );
}

export type SummaryRow = {
  kind: TargetKind;
  members: number;
  rate: number;
  /** Sends answered 2xx; the rest were refused or failed, and cost CPU without a delivery. */
  sent: number;
  failed: number;
  p50: number;
  p99: number;
  deliveredPerSecond: number;
  missing: number;
  costs: Costs;
  peakRss: number;
  /** The peak is the process's since it started, not the run's (VmHWM could not be reset). */
  peakSinceStart: boolean;
};

/** The sitting's runs as a Markdown table, with each run's ratio to the reference's where it ran. */
export function summary(rows: SummaryRow[]): string {
  const reference = (members: number, rate: number) =>
    rows.find((r) => r.kind === 'reference' && r.members === members && r.rate === rate);
  const lines = [
    '| target | N × msg/s | taken of sends | p50 / p99 ms | delivered/s | missing | CPU ms per 1,000 deliveries: server + database = total | × reference | peak RSS MB in the run |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const c = r.costs;
    const server = perThousand(c.serverSeconds, c.delivered).toFixed(1);
    const database = c.database ? perThousand(c.database.seconds, c.delivered).toFixed(1) : 'in server';
    const total = perThousand(totalSeconds(c), c.delivered);
    const base = reference(r.members, r.rate);
    const ratio =
      base && r.kind !== 'reference'
        ? `${(total / perThousand(totalSeconds(base.costs), base.costs.delivered)).toFixed(2)}×`
        : '–';
    lines.push(
      `| ${r.kind} | ${r.members} × ${r.rate} | ${r.sent} of ${r.sent + r.failed} | ${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} | ` +
        `${r.deliveredPerSecond.toFixed(0)} | ${r.missing} | ${server} + ${database} = ${total.toFixed(1)} | ` +
        `${ratio} | ${r.peakRss.toFixed(0)}${r.peakSinceStart ? ' (since start)' : ''} |`,
    );
  }
  return lines.join('\n');
}
