/**
 * R-OPS-24: holds the event loop open while the server starts.
 *
 * Whenever Node's event loop runs out of handles and requests, Node waits for every task it gave
 * V8's background thread before it looks again (NodePlatform::DrainTasks). Start-up passes through
 * such moments between its awaits, and by then V8 is compiling PGlite's largest WebAssembly
 * functions in its optimising tier, some 300 ms of them on one core: the main thread waited all
 * that time with nothing to do (bench/RESULTS.md, "Start-up: the loop that waited for V8"). A
 * timer keeps the loop alive instead, so those compiles finish on the other core while the server
 * goes on starting. Once the server listens, its socket keeps the loop alive.
 */
export function holdEventLoop(): () => void {
  // The callback never matters: the timer is there to be a handle, and is released long before.
  const timer = setInterval(() => {}, 60_000);
  return () => clearInterval(timer);
}
