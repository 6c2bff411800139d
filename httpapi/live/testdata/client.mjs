// A socket.io-client driven by the Go tests of package live: it connects with the options given as
// JSON in argv[2], prints what happens as JSON lines on stdout, and runs commands read as JSON lines
// from stdin. SOCKET_IO_CLIENT_BASE is a folder whose node_modules holds socket.io-client.
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

const socket = io(opts.url, {
  path: '/socket.io/',
  transports: opts.transports ?? ['polling', 'websocket'],
  auth: opts.auth ?? {},
  extraHeaders: opts.headers ?? {},
  reconnection: false,
  forceNew: true,
  timeout: 10_000,
});

socket.io.on('open', () => {
  out({ type: 'open', transport: socket.io.engine.transport.name });
  socket.io.engine.on('upgrade', (transport) => out({ type: 'upgrade', transport: transport.name }));
});
socket.on('connect', () => out({ type: 'connected', id: socket.id, transport: socket.io.engine.transport.name }));
socket.on('connect_error', (err) => out({ type: 'connect_error', message: err.message, data: err.data ?? null }));
socket.on('disconnect', (reason) => out({ type: 'disconnect', reason }));
socket.onAny((event, ...args) => out({ type: 'event', event, data: args[0] ?? null }));

const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const cmd = JSON.parse(line);
  switch (cmd.cmd) {
    case 'emit':
      socket.timeout(5_000).emit(cmd.event, cmd.payload, (err, reply) => {
        out({ type: 'ack', id: cmd.id, error: err ? err.message : null, data: reply ?? null });
      });
      break;
    case 'reconnect':
      // What a phone waking or a network coming back does: the same client connects anew.
      socket.disconnect();
      socket.connect();
      break;
    case 'close':
      socket.disconnect();
      process.exit(0);
      break;
    default:
      out({ type: 'error', message: `unknown command ${cmd.cmd}` });
  }
});
rl.on('close', () => {
  socket.disconnect();
  process.exit(0);
});
