import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived the last full collection before it
 * collects again, in percent. By default V8 picks a factor between 1.1 and 4 from how fast its
 * collector runs; under the 200-member fan-out the heap then reached 150 MB with 55 MB live. At
 * 1.5 it stays near 90 MB, for more frequent (concurrent, mostly off the event loop) collections.
 * bench/RESULTS.md, "Memory under the fan-out load".
 */
const HEAP_GROWING_PERCENT = 50;

/**
 * The server's memory settings that can be made from inside the process (V8 reads this flag at
 * every collection). Settings V8 reads only when the heap is set up are node flags instead:
 * SERVER_NODE_FLAGS in scripts/build-server.mjs.
 */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
