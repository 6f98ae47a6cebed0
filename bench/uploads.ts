/**
 * `npm run bench:uploads`: memory of the server while residents upload large attachments at once.
 * BENCH_UPLOADS (12) residents each send one BENCH_UPLOAD_MB (24) MB file into one channel through
 * the real multipart send path, all at the same moment; the server's RSS is sampled every 50 ms
 * from before the first byte until every upload was answered. Uploads stream to disk (R-UPLOAD
 * rules), so the peak should stay near the idle figure rather than grow by the files' total size.
 * Env: BENCH_DB=pglite|pg (pglite). Prints figures; asserts nothing.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { startStoop } from './support/stoop.ts';
import { BENCH_LIMITS, adminSession, makeResidents, scratchDatabase } from './chat-support.ts';
import { rssMb } from './support/stats.ts';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 12);
const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 24);
const usePg = process.env.BENCH_DB === 'pg';

async function main(): Promise<void> {
  const scratch = usePg ? await scratchDatabase() : null;
  const stoop = await startStoop({
    env: {
      ...BENCH_LIMITS,
      ATTACHMENT_MAX_BYTES: String((SIZE_MB + 1) * 1024 * 1024),
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
  });
  try {
    const admin = await adminSession(stoop.url);
    const residents = await makeResidents(stoop.url, admin, UPLOADS);
    const { conversation } = await admin.request<{ conversation: { id: string } }>(
      'POST',
      '/api/conversations',
      { type: 'channel', name: 'uploads', participantIds: residents.map((r) => r.userId) },
    );
    // Random bytes: nothing along the way can compress them away.
    const bytes = new Uint8Array(SIZE_MB * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 65_536) crypto.getRandomValues(bytes.subarray(i, i + 65_536));
    await Promise.all(residents.map((r) => r.csrfToken()));

    const idle = Number(rssMb(stoop.pid));
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, Number(rssMb(stoop.pid)));
    }, 50);
    const started = performance.now();
    const results = await Promise.allSettled(
      residents.map((resident, i) => {
        const form = new FormData();
        form.append('content', `Upload ${i}`);
        form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), `big-${i}.bin`);
        return resident.request('POST', `/api/conversations/${conversation.id}/messages`, form);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = Number(rssMb(stoop.pid));
    const failed = results.filter((r) => r.status === 'rejected');
    console.log(
      `${usePg ? 'pg    ' : 'pglite'} ${UPLOADS} concurrent uploads of ${SIZE_MB} MB: ${UPLOADS - failed.length} stored in ${seconds.toFixed(1)} s; ` +
        `server RSS idle ${idle} MB, peak ${peak} MB (+${peak - idle}), after ${after} MB`,
    );
    for (const failure of failed) console.log(`  failed: ${String(failure.reason)}`);
    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await stoop.stop();
    await scratch?.drop();
  }
}

await main();
