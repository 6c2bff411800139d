// The live channel: one Socket.IO connection shared by every feature. The
// server puts a socket in its private rooms (user:{id}, admin) from the
// credentials of the handshake; features ask for extra rooms with join(),
// and those requests are sent again after every reconnect. It must never
// decide on its own what a user may see: the server authorises every room.

import { env } from '@/config/env';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export interface LiveEvents {
  'cart.changed': { version: number };
  'order.changed': { order_id: string; version: number; status?: string };
  'trip.changed': { trip_number: string; status: string; version?: number };
  'notification.created': { id: number; kind: string; order_id: string; unread: number };
  'notification.read': { read_up_to: number; unread: number };
  /** driver_turn changes when the trip changes hands; driver_id (who drives it now) reaches staff and drivers only. */
  'trip.progress': { order_id: string; status: string; stop: number; version: number; driver_turn?: number; driver_id?: string };
  /** The driver's position while the trip runs (features/dispatch/api/position.ts has its schema). */
  'trip.position': unknown;
  'enquiry.changed': { trip_number: string; status: string; version: number };
  /** The dashboard's read model changed (projections/insights); staff only. */
  'insights.changed': Record<string, never>;
  /** A process step (a job) became stuck, changed while stuck, or left the stuck list; staff only. */
  'steps.changed': { id: string; kind: string; stuck: boolean };
  /** Events were recorded (the statistics read model); staff only. */
  'stats.changed': { events?: number };
  'projection.rebuild': { projection: string; phase: string; events?: number; total?: number; percent?: number; error?: string };
}
export type LiveEventName = keyof LiveEvents;
export type LiveHandler<E extends LiveEventName> = (payload: LiveEvents[E]) => void;
export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

/** The server's answer to a join: ok with the room it put the socket in, or a translated refusal. */
export interface JoinReply {
  ok?: boolean;
  room?: string;
  message?: string;
}

export interface JoinRequest {
  /** The kind of room (for example `trip` or `order`); the server authorises it with the params. */
  room: string;
  params?: Record<string, string>;
  /** Called after every (re)join with the server's reply. */
  onReply?: (reply: JoinReply) => void;
}

/** The server's answer to a message sent with request(): ok with data, or a translated refusal. */
export interface MessageReply {
  ok?: boolean;
  data?: unknown;
  /** The refusal's message key, e.g. `tracking.too_often`. */
  code?: string;
  message?: string;
}

export interface LiveOptions {
  url?: string;
  path?: string;
  getToken: () => string | null | undefined;
  transports?: Array<'polling' | 'websocket'>;
  connect?: (url: string | undefined, options: Partial<ManagerOptions & SocketOptions>) => Socket;
}

export interface Live {
  start(): void;
  stop(): void;
  /** Reconnects so the server re-authenticates the socket with the new credentials. */
  refreshCredentials(): void;
  subscribe<E extends LiveEventName>(event: E, handler: LiveHandler<E>): () => void;
  join(request: JoinRequest): () => void;
  /**
   * Calls listener after every accepted (re)join of a room: a notice sent while the socket was away
   * or before the room was joined is lost, so whatever a page shows from that room should be read
   * again then.
   */
  onJoined(listener: (request: JoinRequest) => void): () => void;
  onStatus(listener: (status: LiveStatus) => void): () => void;
  /**
   * Sends a message the server answers (a driver's position, a request for the latest one). Rejects
   * when the socket is not connected or the server does not answer within timeoutMs.
   */
  request(event: string, payload: Record<string, unknown>, timeoutMs?: number): Promise<MessageReply>;
  readonly status: LiveStatus;
}

const joinKey = (request: JoinRequest) => `${request.room}?${new URLSearchParams(request.params).toString()}`;

export function createLive(options: LiveOptions): Live {
  const connect = options.connect ?? ((url, opts) => (url ? io(url, opts) : io(opts)));
  const handlers = new Map<LiveEventName, Set<(payload: never) => void>>();
  const joins = new Map<string, JoinRequest>();
  const statusListeners = new Set<(status: LiveStatus) => void>();
  const joinedListeners = new Set<(request: JoinRequest) => void>();
  let socket: Socket | null = null;
  let status: LiveStatus = 'idle';
  let connectedAt = 0;
  let kicks = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (next: LiveStatus) => {
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const sendJoin = (request: JoinRequest) => {
    socket?.emit('join', { room: request.room, ...request.params }, (reply: JoinReply) => {
      request.onReply?.(reply);
      if (reply.ok !== false) for (const listener of joinedListeners) listener(request);
    });
  };

  const attach = (event: LiveEventName) => {
    socket?.on(event, (payload: unknown) => {
      for (const handler of handlers.get(event) ?? []) (handler as (p: unknown) => void)(payload);
    });
  };

  function start() {
    if (socket) return;
    setStatus('connecting');
    socket = connect(options.url || undefined, {
      path: options.path ?? '/socket.io/',
      withCredentials: true,
      // A WebSocket at once, long-polling only where it cannot open (tryAllTransports: a proxy that
      // blocks WebSockets): no polling session to upgrade, so fewer requests per page, and none left
      // asking for a session the page's navigation just closed (a 400 in the console).
      transports: options.transports ?? ['websocket', 'polling'],
      tryAllTransports: true,
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 10_000,
      // Evaluated on every (re)connection attempt, so a new token is picked up.
      auth: (cb: (data: object) => void) => {
        const token = options.getToken();
        cb(token ? { token } : {});
      },
    });
    socket.on('connect', () => {
      connectedAt = Date.now();
      setStatus('connected');
      for (const request of joins.values()) sendJoin(request);
    });
    socket.on('disconnect', (reason) => {
      setStatus('disconnected');
      // socket.io-client reconnects by itself after a lost transport, but not after the server
      // disconnected the socket (it does when the user's role changes): connect again, with the
      // credentials of now, after a pause that grows while the server keeps doing it.
      if (reason === 'io server disconnect') {
        kicks = Date.now() - connectedAt > 10_000 ? 1 : kicks + 1;
        clearTimeout(retry);
        retry = setTimeout(() => socket?.connect(), Math.min(500 * 2 ** (kicks - 1), 10_000));
      }
    });
    socket.on('connect_error', () => setStatus('disconnected'));
    for (const event of handlers.keys()) attach(event);
    // A phone that wakes or a network that comes back: connect at once rather than at the end of the
    // reconnection's back-off (or of a heartbeat's timeout).
    if (typeof window !== 'undefined') {
      window.addEventListener('online', wake);
      document.addEventListener('visibilitychange', wake);
    }
  }

  function wake() {
    if (!socket || socket.connected || (typeof document !== 'undefined' && document.visibilityState === 'hidden')) return;
    socket.connect();
  }

  function stop() {
    clearTimeout(retry);
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
    }
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
    setStatus('idle');
  }

  return {
    start,
    stop,
    refreshCredentials() {
      if (!socket) return;
      socket.disconnect();
      setStatus('connecting');
      socket.connect();
    },
    subscribe(event, handler) {
      let set = handlers.get(event);
      if (!set) {
        set = new Set();
        handlers.set(event, set);
        attach(event);
      }
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
    join(request) {
      const key = joinKey(request);
      joins.set(key, request);
      if (socket?.connected) sendJoin(request);
      return () => {
        joins.delete(key);
        socket?.emit('leave', { room: request.room, ...request.params });
      };
    },
    onJoined(listener) {
      joinedListeners.add(listener);
      return () => {
        joinedListeners.delete(listener);
      };
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    request(event, payload, timeoutMs = 5_000) {
      return new Promise<MessageReply>((resolve, reject) => {
        if (!socket?.connected) {
          reject(new Error('live: not connected'));
          return;
        }
        socket.timeout(timeoutMs).emit(event, payload, (err: Error | null, reply: MessageReply | undefined) => {
          if (err) reject(err);
          else resolve(reply ?? {});
        });
      });
    },
    get status() {
      return status;
    },
  };
}

let liveTokenGetter: () => string | null | undefined = () => null;

export function configureLive(getToken: () => string | null | undefined): void {
  liveTokenGetter = getToken;
}

export const live: Live = createLive({ url: env.liveUrl, getToken: () => liveTokenGetter() });
