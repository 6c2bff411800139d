// Many socket.io-clients in one node process, for the Go tests that count what closed sockets leave
// behind on the server. Options come as JSON in argv[2]:
//   {url, count, parallel, transports, auth, headers, tokenPrefix}
// transports may be a list of transport lists, used in turn by the sockets; with tokenPrefix, socket
// i signs in with the token tokenPrefix+i. Every "probe" event whose data carries t (milliseconds
// since the epoch, when the server sent it) counts towards the latencies in the done line.
// It opens count sockets (at most parallel at a time), each waiting for the server's live.session
// event or for connect_error, and prints {"type":"ready","connected":n,"refused":n,"failed":n}.
// Then it reads one command from stdin:
//   "close":  every socket disconnects (the client's own close, over its transport);
//   "await":  waits until the server has disconnected every connected socket;
//   "vanish": exits at once, leaving the server to notice the closed TCP connections.
// and prints {"type":"done",...} before it exits. SOCKET_IO_CLIENT_BASE is a folder whose
// node_modules holds socket.io-client.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import readline from 'node:readline';

const base = process.env.SOCKET_IO_CLIENT_BASE;
if (!base) {
  process.stderr.write('SOCKET_IO_CLIENT_BASE is not set\n');
  process.exit(2);
}
const require = createRequire(join(base, 'package.json'));
const { io } = require('socket.io-client');

const opts = JSON.parse(process.argv[2] ?? '{}');
const out = (msg) => process.stdout.write(JSON.stringify(msg) + '\n');

const sockets = [];
const latencies = [];
const outcome = { connected: 0, refused: 0, failed: 0 };
const errors = new Map();

const mixes = Array.isArray(opts.transports?.[0]) ? opts.transports : [opts.transports ?? ['polling', 'websocket']];

function open(i) {
  const transports = mixes[i % mixes.length];
  return new Promise((resolve) => {
    const socket = io(opts.url, {
      path: '/socket.io/',
      transports,
      auth: opts.tokenPrefix ? { token: opts.tokenPrefix + i } : (opts.auth ?? {}),
      extraHeaders: opts.headers ?? {},
      reconnection: false,
      forceNew: true,
      timeout: 20_000,
    });
    sockets.push(socket);
    socket.on('probe', (data) => {
      if (data && typeof data.t === 'number') latencies.push(Date.now() - data.t);
    });
    const settle = (kind, why) => {
      outcome[kind]++;
      if (why) errors.set(why, (errors.get(why) ?? 0) + 1);
      resolve();
    };
    socket.once('live.session', () => {
      // A polling socket that may upgrade is counted once the upgrade is over, so that closing it
      // closes the upgraded transport, as a browser tab left open for a while would.
      const engine = socket.io.engine;
      if (engine.transport.name === 'polling' && transports.includes('websocket') && engine.upgrades?.length) {
        const done = () => settle('connected');
        engine.once('upgrade', done);
        engine.once('upgradeError', done);
        setTimeout(done, 5_000);
        return;
      }
      settle('connected');
    });
    socket.once('connect_error', (err) => {
      settle(socket.active ? 'failed' : 'refused', err.message);
      socket.close();
    });
  });
}

let next = 0;
async function worker() {
  while (next < opts.count) {
    await open(next++);
  }
}
await Promise.all(Array.from({ length: Math.max(1, opts.parallel ?? 20) }, worker));
out({ type: 'ready', ...outcome, errors: Object.fromEntries(errors) });

function awaitServerClose(deadline) {
  return Promise.all(
    sockets.map(
      (s) =>
        new Promise((resolve) => {
          if (!s.connected) return resolve();
          const t = setTimeout(resolve, deadline);
          s.once('disconnect', () => {
            clearTimeout(t);
            resolve();
          });
        }),
    ),
  );
}

const rl = readline.createInterface({ input: process.stdin });
rl.once('line', async (line) => {
  const cmd = line.trim();
  if (cmd === 'vanish') process.exit(0);
  if (cmd === 'await') await awaitServerClose(15_000);
  // After "await", a socket still connected is one the server did not close.
  const stillConnected = cmd === 'await' ? sockets.filter((s) => s.connected).length : 0;
  for (const s of sockets) s.disconnect();
  latencies.sort((a, b) => a - b);
  const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] : 0);
  out({ type: 'done', stillConnected, received: latencies.length, p50: pct(0.5), p99: pct(0.99), max: pct(1) });
  // A polling client's pending poll is answered by the server once it has read the close packet;
  // leave it time to be, so that closing is not also an abort of every pending poll (a client that
  // aborts is what "vanish" is for).
  setTimeout(() => process.exit(0), 1_000);
});
