// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createLive, type Live } from './live';
import { coalesce, watchLive } from './live-refresh';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('makes one call of a burst, once the burst has been quiet for the wait', () => {
    const fn = vi.fn();
    const soon = coalesce(fn, { wait: 400, maxWait: 2000 });
    for (let i = 0; i < 10; i += 1) {
      soon();
      vi.advanceTimersByTime(50);
    }
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('still calls at most maxWait after the first of a stream that never pauses', () => {
    const fn = vi.fn();
    const soon = coalesce(fn, { wait: 400, maxWait: 2000 });
    for (let i = 0; i < 60; i += 1) {
      soon();
      vi.advanceTimersByTime(100);
    }
    // 6 s of notices every 100 ms: one call per 2 s, not none.
    expect(fn.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(fn.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('calls nothing once cancelled', () => {
    const fn = vi.fn();
    const soon = coalesce(fn, { wait: 400, maxWait: 2000 });
    soon();
    soon.cancel();
    vi.advanceTimersByTime(5000);
    expect(fn).not.toHaveBeenCalled();
  });
});

// A real Socket.IO server on loopback plays the Go server's part and sends the admin room's notices.
let io: Server;
let url = '';
let live: Live | null = null;

describe('watchLive', () => {
  beforeEach(async () => {
    const http = createServer();
    io = new Server(http, { path: '/socket.io/' });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    live?.stop();
    live = null;
    await io.close();
  });

  const until = async (check: () => boolean, ms = 3000) => {
    const start = Date.now();
    while (!check()) {
      if (Date.now() - start > ms) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('refreshes once for a burst of the notices it watches, and not for others', async () => {
    live = createLive({ url, getToken: () => 'staff', transports: ['websocket'] });
    let refreshes = 0;
    const stop = watchLive(live, ['order.changed', 'insights.changed'], () => (refreshes += 1), { wait: 100, maxWait: 1000 });
    live.start();
    await until(() => live?.status === 'connected');
    for (let i = 0; i < 20; i += 1) io.emit('order.changed', { order_id: String(i), version: 1 });
    io.emit('insights.changed', {});
    io.emit('cart.changed', { version: 3 });
    await until(() => refreshes === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(refreshes).toBe(1);
    io.emit('cart.changed', { version: 4 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(refreshes).toBe(1);
    stop();
    io.emit('order.changed', { order_id: 'x', version: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(refreshes).toBe(1);
  });

  it('refreshes after the socket comes back, since notices of the gap are lost', async () => {
    live = createLive({ url, getToken: () => 'staff', transports: ['websocket'] });
    let refreshes = 0;
    const stop = watchLive(live, ['order.changed'], () => (refreshes += 1), { wait: 50, maxWait: 500 });
    live.start();
    await until(() => live?.status === 'connected');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(refreshes).toBe(0);
    io.disconnectSockets(true);
    await until(() => live?.status === 'connected' && refreshes === 1, 5000);
    stop();
  });
});
