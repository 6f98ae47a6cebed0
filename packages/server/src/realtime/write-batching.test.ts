import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchWrites } from './write-batching.ts';

/** An engine.io socket as batchWrites sees it: a flush that sends the queue, over a corkable TCP socket. */
class FakeEngineSocket extends EventEmitter {
  readyState = 'open';
  writeBuffer: string[] = [];
  writes: string[][] = [];
  tcp = { corked: 0, cork: vi.fn(() => (this.tcp.corked += 1)), uncork: vi.fn(() => (this.tcp.corked -= 1)) };
  transport = { name: 'websocket', socket: { _socket: this.tcp } };
  flush(): void {
    if (this.writeBuffer.length === 0) return;
    expect(this.tcp.corked).toBe(1); // every frame of one flush leaves in one corked write
    this.writes.push(this.writeBuffer);
    this.writeBuffer = [];
  }
  send(packet: string): void {
    this.writeBuffer.push(packet);
    this.flush();
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('batchWrites (socket fan-out)', () => {
  it('writes a quiet socket’s packet at once, then batches what comes within the window into one write', () => {
    const socket = new FakeEngineSocket();
    batchWrites(socket, 15);
    socket.send('a');
    expect(socket.writes).toEqual([['a']]);
    socket.send('b');
    socket.send('c');
    expect(socket.writes).toEqual([['a']]);
    vi.advanceTimersByTime(14);
    expect(socket.writes).toEqual([['a']]);
    vi.advanceTimersByTime(1);
    expect(socket.writes).toEqual([['a'], ['b', 'c']]);
    expect(socket.tcp.corked).toBe(0);
    vi.advanceTimersByTime(100);
    socket.send('d'); // quiet again: no wait
    expect(socket.writes.at(-1)).toEqual(['d']);
  });

  it('a closing socket flushes at once, so a last notice (e.g. user:locked) still leaves before the close', () => {
    const socket = new FakeEngineSocket();
    batchWrites(socket, 15);
    socket.send('a');
    socket.send('user:locked');
    socket.readyState = 'closing';
    socket.flush();
    expect(socket.writes).toEqual([['a'], ['user:locked']]);
  });

  it('a closed socket drops its pending timer; an empty queue schedules nothing', () => {
    const socket = new FakeEngineSocket();
    batchWrites(socket, 15);
    socket.send('a');
    socket.flush(); // a drain notice with nothing queued
    expect(vi.getTimerCount()).toBe(0);
    socket.send('b');
    expect(vi.getTimerCount()).toBe(1);
    socket.emit('close');
    expect(vi.getTimerCount()).toBe(0);
  });
});
