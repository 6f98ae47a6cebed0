/**
 * Child process of bench/chat.ts: the N member sockets of each run, so that receiving does not share
 * an event loop with the open-loop sender. Real socket.io clients (websocket transport), one per
 * member session, with a decoder that skips parsing message:new bodies (LeanDecoder). Arrival times are wall-clock (performance.timeOrigin + now) so the parent's
 * schedule compares with them; each member keeps them in a Float64Array indexed by message number.
 *
 * Messages: parent → {type:'connect', url, cookies, total, prefix, query?}; child → {type:'ready'};
 * parent → {type:'collect', scheduled, acknowledged}; child → {type:'result', ...} and disconnects the run's
 * sockets. One process serves every run of a database; it exits when the parent disconnects.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { Decoder, Encoder } from 'socket.io-parser';
import { percentile } from './support/stats.ts';

/** query: the handshake's query string (the reference server joins the room it names). */
type Connect = {
  type: 'connect';
  url: string;
  cookies: string[];
  total: number;
  prefix: string;
  query?: Record<string, string>;
};
/** acknowledged: the numbers of the sends the server answered 2xx (a refused one is not expected). */
type Collect = { type: 'collect'; scheduled: number[]; acknowledged: number[] };
export type MembersResult = {
  type: 'result';
  delivered: number;
  /** Deliveries of acknowledged sends that never arrived (acknowledged sends × members − arrived). */
  missingAcknowledged: number;
  duplicates: number;
  p50: number;
  p99: number;
  lastArrival: number;
  /** With BENCH_TIMELINE=n: delivery latency p50/p99 per n consecutive messages, in send order. */
  timeline: string | undefined;
};

const now = () => performance.timeOrigin + performance.now();

const NEW_MESSAGE = '2["message:new",';
const CLIENT_ID = '"clientMessageId":"';

/**
 * socket.io's own decoder, except that a message:new packet is not JSON-parsed: the bench needs
 * only its clientMessageId, found by a string search (a literal quote inside the text would be
 * escaped, so the key cannot be faked by content). Every other packet is decoded as usual. With
 * 200 members × 200 messages/s this is 40,000 packets a second on the machine under test.
 */
class LeanDecoder extends Decoder {
  override add(packet: unknown): void {
    if (typeof packet !== 'string' || !packet.startsWith(NEW_MESSAGE)) {
      super.add(packet);
      return;
    }
    const key = packet.indexOf(CLIENT_ID);
    const start = key + CLIENT_ID.length;
    const clientMessageId = key < 0 ? null : packet.slice(start, packet.indexOf('"', start));
    this.emitReserved('decoded', {
      type: 2,
      nsp: '/',
      data: ['message:new', { message: { clientMessageId } }],
    });
  }
}
const leanParser = { Encoder, Decoder: LeanDecoder };
let sockets: Socket[] = [];
let arrivals: Float64Array[] = [];
let duplicates = 0;

function connectAll(message: Connect): Promise<void> {
  const { prefix, total } = message;
  return Promise.all(
    message.cookies.map(
      (cookie, k) =>
        new Promise<void>((resolve, reject) => {
          const socket = connect(message.url, {
            path: '/socket.io',
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
            extraHeaders: { cookie },
            ...(message.query ? { query: message.query } : {}),
            parser: leanParser,
          });
          const arrived = new Float64Array(total);
          arrivals[k] = arrived;
          socket.on('message:new', (payload: { message: { clientMessageId: string | null } }) => {
            const id = payload.message.clientMessageId;
            if (!id?.startsWith(prefix)) return;
            const i = Number(id.slice(prefix.length));
            if (arrived[i] !== 0) duplicates += 1;
            else arrived[i] = now();
          });
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
          sockets.push(socket);
        }),
    ),
  ).then(() => undefined);
}

const bucketSize = Number(process.env.BENCH_TIMELINE ?? 0);

/** p50/p99 of the deliveries of each `size` consecutive messages: shows when in a run a tail happened. */
function deliveryTimeline(scheduled: number[], size: number): string {
  const buckets: string[] = [];
  for (let start = 0; start < scheduled.length; start += size) {
    const latencies: number[] = [];
    for (const arrived of arrivals) {
      for (let i = start; i < Math.min(scheduled.length, start + size); i += 1) {
        const at = arrived[i] as number;
        if (at !== 0) latencies.push(at - (scheduled[i] as number));
      }
    }
    latencies.sort((a, b) => a - b);
    buckets.push(`${percentile(latencies, 50).toFixed(0)}/${percentile(latencies, 99).toFixed(0)}`);
  }
  return buckets.join(' ');
}

function collect({ scheduled, acknowledged }: Collect): MembersResult {
  const latencies: number[] = [];
  let lastArrival = 0;
  let missingAcknowledged = 0;
  for (const arrived of arrivals)
    for (const i of acknowledged) if (arrived[i] === 0) missingAcknowledged += 1;
  for (const arrived of arrivals) {
    for (let i = 0; i < arrived.length; i += 1) {
      const at = arrived[i] as number;
      const sentAt = scheduled[i];
      if (at === 0 || sentAt === undefined || Number.isNaN(sentAt)) continue;
      latencies.push(at - sentAt);
      if (at > lastArrival) lastArrival = at;
    }
  }
  const timeline = bucketSize > 0 ? deliveryTimeline(scheduled, bucketSize) : undefined;
  for (const socket of sockets) socket.disconnect();
  sockets = [];
  arrivals = [];
  const runDuplicates = duplicates;
  duplicates = 0;
  latencies.sort((a, b) => a - b);
  return {
    type: 'result',
    delivered: latencies.length,
    missingAcknowledged,
    duplicates: runDuplicates,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    lastArrival,
    timeline,
  };
}

process.on('message', (message: Connect | Collect) => {
  if (message.type === 'connect') {
    connectAll(message).then(
      () => process.send?.({ type: 'ready' }),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  } else {
    process.send?.(collect(message));
  }
});
// The parent closes the channel when its bench is done.
process.on('disconnect', () => process.exit(0));
