/**
 * `npm run bench:import`: R-MOVEIN-7. An android export of BENCH_IMPORT_LINES (100,000) lines, one
 * in five a continuation of a multi-line message, is imported into a channel through
 * POST /api/admin/imports/whatsapp, while the admin sends a message into the same channel every
 * 500 ms; prints the import's time and the sends' slowest answer. Prints figures; asserts nothing.
 */
import { loadavg } from 'node:os';
import { startStoop } from './support/stoop.ts';
import { BENCH_LIMITS, adminSession } from './chat-support.ts';

const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 100_000);

function exportText(lines: number): string {
  const out: string[] = [];
  const start = Date.UTC(2019, 0, 1);
  for (let i = 0; out.length < lines; i++) {
    const at = new Date(start + i * 7 * 60_000);
    const date = `${at.getUTCMonth() + 1}/${at.getUTCDate()}/${String(at.getUTCFullYear()).slice(2)}`;
    const hour = at.getUTCHours() % 12 || 12;
    const time = `${hour}:${String(at.getUTCMinutes()).padStart(2, '0')}\u202f${at.getUTCHours() < 12 ? 'AM' : 'PM'}`;
    out.push(
      `${date}, ${time} - Neighbour ${i % 40}: Message ${i} about the bins, the lift and the parcel room`,
    );
    if (i % 4 === 0) out.push(`second line of message ${i}`);
  }
  return out.slice(0, lines).join('\n') + '\n';
}

async function main(): Promise<void> {
  const stoop = await startStoop({ env: { ...BENCH_LIMITS, REQUEST_TIMEOUT_MS: '600000' } });
  try {
    const admin = await adminSession(stoop.url);
    const { conversation } = await admin.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      {
        type: 'channel',
        name: 'imported',
        participantIds: [],
      },
    );
    const text = exportText(LINES);
    const form = new FormData();
    form.append('conversationId', conversation.id);
    form.append('file', new Blob([text], { type: 'text/plain' }), 'WhatsApp Chat with Maple Court.txt');
    const sends: number[] = [];
    let running = true;
    const sender = (async () => {
      for (let n = 0; running; n++) {
        const t0 = performance.now();
        await admin.request('POST', `/api/conversations/${conversation.id}/messages`, {
          content: `live ${n}`,
        });
        sends.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();
    const load = loadavg()[0]?.toFixed(1);
    const started = performance.now();
    const result = await admin.request<{ imported: number; skipped: number }>(
      'POST',
      '/api/admin/imports/whatsapp',
      form,
    );
    const seconds = (performance.now() - started) / 1000;
    running = false;
    await sender;
    const slowest = Math.max(...sends);
    console.log(
      `pglite import of ${LINES} exported lines (${(text.length / 1e6).toFixed(1)} MB): ${result.imported} messages in ${seconds.toFixed(1)} s; ` +
        `${sends.length} sends meanwhile, slowest ${slowest.toFixed(0)} ms; load average at start ${load}, at end ${loadavg()[0]?.toFixed(1)}`,
    );
  } finally {
    await stoop.stop();
  }
}

await main();
