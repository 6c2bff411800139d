// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createLive, type Live } from './live';

// A real Socket.IO server on loopback plays the Go server's part: it reads the
// handshake token and answers join requests.
let io: Server;
let url = '';
let handshakes: Array<Record<string, unknown>> = [];
let joins: Array<Record<string, unknown>> = [];
let live: Live | null = null;

beforeEach(async () => {
  handshakes = [];
  joins = [];
  const http = createServer();
  io = new Server(http, { path: '/socket.io/' });
  io.on('connection', (socket) => {
    handshakes.push(socket.handshake.auth);
    socket.on('join', (payload: Record<string, unknown>, ack?: (reply: unknown) => void) => {
      joins.push(payload);
      void socket.join(String(payload.room));
      ack?.({ ok: true, room: `${String(payload.room)}:${typeof payload.trip_number === 'string' ? payload.trip_number : ''}` });
    });
  });
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

describe('live channel', () => {
  it('connects without credentials when signed out', async () => {
    live = createLive({ url, getToken: () => null, transports: ['websocket'] });
    live.start();
    await until(() => live?.status === 'connected');
    expect(handshakes).toEqual([{}]);
  });

  it('sends the token in the handshake and delivers typed events to subscribers', async () => {
    live = createLive({ url, getToken: () => 'tok-1' });
    const versions: number[] = [];
    live.subscribe('cart.changed', (event) => versions.push(event.version));
    live.start();
    await until(() => live?.status === 'connected');
    expect(handshakes[0]).toEqual({ token: 'tok-1' });
    io.emit('cart.changed', { version: 7 });
    io.emit('cart.changed', { version: 8 });
    await until(() => versions.length === 2);
    expect(versions).toEqual([7, 8]);
  });

  it('stops delivering to an unsubscribed handler', async () => {
    live = createLive({ url, getToken: () => null });
    const seen: string[] = [];
    const off = live.subscribe('order.changed', (event) => seen.push(event.order_id));
    live.start();
    await until(() => live?.status === 'connected');
    io.emit('order.changed', { order_id: 'a', version: 1 });
    await until(() => seen.length === 1);
    off();
    io.emit('order.changed', { order_id: 'b', version: 2 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual(['a']);
  });

  it('re-joins its rooms after a reconnect, with the new token', async () => {
    let token = 'old';
    live = createLive({ url, getToken: () => token });
    const replies: unknown[] = [];
    live.join({ room: 'trip', params: { trip_number: 'T-1', email: 'a@b.eg' }, onReply: (reply) => replies.push(reply) });
    live.start();
    await until(() => joins.length === 1);
    expect(joins[0]).toEqual({ room: 'trip', trip_number: 'T-1', email: 'a@b.eg' });
    // The first answer must arrive before the reconnect: an answer in flight when the socket closes
    // is lost with it (the re-join after the reconnect asks again).
    await until(() => replies.length === 1);

    token = 'new';
    live.refreshCredentials();
    await until(() => joins.length === 2);
    expect(handshakes.map((h) => h.token)).toEqual(['old', 'new']);
    expect(joins[1]).toEqual(joins[0]);
    await until(() => replies.length === 2);
    expect(replies).toEqual([{ ok: true, room: 'trip:T-1' }, { ok: true, room: 'trip:T-1' }]);
  });

  it('tells its listeners after every accepted (re)join, so pages read again what they missed', async () => {
    live = createLive({ url, getToken: () => null });
    const joined: string[] = [];
    const off = live.onJoined((request) => joined.push(request.params?.trip_number ?? request.room));
    live.join({ room: 'trip', params: { trip_number: 'T-2', email: 'a@b.eg' } });
    live.start();
    await until(() => joined.length === 1);
    expect(joined).toEqual(['T-2']);
    live.refreshCredentials();
    await until(() => joined.length === 2);
    off();
    live.refreshCredentials();
    await until(() => joins.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(joined).toEqual(['T-2', 'T-2']);
  });

  it('reconnects by itself when the connection drops', async () => {
    live = createLive({ url, getToken: () => null });
    live.join({ room: 'admin' });
    live.start();
    await until(() => joins.length === 1);
    // Closing the transport (not a server-side kick) is what a network drop looks like.
    for (const socket of await io.fetchSockets()) io.sockets.sockets.get(socket.id)?.conn.close();
    await until(() => joins.length === 2, 5000);
    expect(handshakes).toHaveLength(2);
  });

  it('connects again, re-joins and keeps delivering to its subscribers after the server disconnects it', async () => {
    live = createLive({ url, getToken: () => null });
    const heard: number[] = [];
    live.subscribe('cart.changed', (payload) => heard.push(payload.version));
    live.join({ room: 'trip', params: { trip_number: 'T-3', email: 'a@b.eg' } });
    live.start();
    await until(() => joins.length === 1);
    // What the Go server does when a user's role changes: socket.io-client does not reconnect by
    // itself after this.
    for (const socket of await io.fetchSockets()) socket.disconnect(true);
    await until(() => joins.length === 2, 5000);
    expect(handshakes).toHaveLength(2);
    io.to('trip').emit('cart.changed', { version: 9 });
    await until(() => heard.length === 1);
    expect(heard).toEqual([9]);
  });
});
