// Starts `mishwar serve` for a browser test: its own data directory (a private PostgreSQL), demo mode
// (so a demo admin is created and its password printed once, which is read from the log), a free port.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

// Every browser of the suites books from one address (127.0.0.1), where travellers of a real site come
// from addresses of their own: the bound on unpaid orders per address would refuse the suites' sixth
// traveller. The bound per traveller stays as shipped; the one per address has Go tests of its own.
const SERVER_ENV = { MISHWAR_DEMO: '1', MISHWAR_LOG_FORMAT: 'json', MISHWAR_UNPAID_HOLDS_PER_ADDRESS: '0' };

export async function startServer(bin) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'mishwar-e2e-'));
  // Run as root, the server starts PostgreSQL as another user, who must be able to enter.
  chmodSync(dataDir, 0o755);
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(resolve(bin), ['serve'], {
    env: { ...process.env, ...SERVER_ENV, MISHWAR_ADDR: `127.0.0.1:${port}`, MISHWAR_DATA_DIR: dataDir, MISHWAR_PUBLIC_URL: baseURL },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const siblings = [];
  let log = '';
  let admin = null;
  const onData = (chunk) => {
    log += chunk.toString();
    // Scanned only until the admin is found: the log grows for the whole run.
    if (admin) return;
    for (const line of log.split('\n')) {
      if (!line.includes('demo admin created')) continue;
      try {
        const entry = JSON.parse(line);
        admin = { email: entry.email, password: entry.password };
      } catch {
        // a partial line; the next chunk completes it
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mishwar serve exited (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${baseURL}/readyz`);
      if (res.ok && admin) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`mishwar serve did not become ready:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseURL,
    dataDir,
    /**
     * Starts another `mishwar serve` of `otherBin` on this server's database (several processes on one
     * database are supported; changes cross them through PostgreSQL notifications), with `env` added —
     * a fakeclock build's MISHWAR_FAKE_NOW, say. Returns its base URL and stop(); the runner stops it
     * with this server if the suite did not.
     */
    async startSibling(otherBin, env = {}) {
      const sibling = await startProcess(otherBin, dataDir, env);
      siblings.push(sibling);
      return sibling;
    },
    adminEmail: admin.email,
    adminPassword: admin.password,
    /** What the server logged so far (JSON lines). */
    log: () => log,
    /** Creates an account with any role the way an operator does (`mishwar users add`), on this server's database. */
    addUser(email, password, role) {
      const out = spawnSync(resolve(bin), ['users', 'add', '--email', email, '--password', password, '--role', role, '--first-name', 'Karim', '--last-name', 'Driver'], {
        env: { ...process.env, MISHWAR_DATA_DIR: dataDir, MISHWAR_LOG_FORMAT: 'json' },
        encoding: 'utf8',
      });
      if (out.status !== 0) throw new Error(`users add: ${out.status}\n${out.stdout}\n${out.stderr}`);
    },
    /**
     * Runs SQL on this server's database with psql (as the Go tests reach the tables a scenario needs:
     * the sandbox's signing secret, a provider made to fail). Returns psql's unaligned output.
     */
    sql(statement) {
      const pid = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
      const out = spawnSync('psql', ['-h', pid[4].trim(), '-p', pid[3].trim(), '-U', 'mishwar', '-d', 'mishwar', '-At', '-v', 'ON_ERROR_STOP=1', '-c', statement], { encoding: 'utf8' });
      if (out.status !== 0) throw new Error(`psql: ${out.status}\n${out.stdout}\n${out.stderr}`);
      return out.stdout.trim();
    },
    async stop() {
      await Promise.all(siblings.map((sibling) => sibling.stop()));
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A further `mishwar serve` on an existing data directory: ready when /readyz answers 200. */
async function startProcess(bin, dataDir, env) {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(resolve(bin), ['serve'], {
    env: { ...process.env, ...SERVER_ENV, MISHWAR_ADDR: `127.0.0.1:${port}`, MISHWAR_DATA_DIR: dataDir, MISHWAR_PUBLIC_URL: baseURL, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk.toString()));
  child.stderr.on('data', (chunk) => (log += chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`second mishwar serve exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${baseURL}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`second mishwar serve did not become ready:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  let stopped = false;
  return {
    baseURL,
    /** What the process logged so far (for a failure's message). */
    log: () => log,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    },
  };
}

/** The first record's id of a list; the demo catalogue is seeded before the server listens, so it waits only for a slow answer. */
export async function firstId(base, path) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const res = await fetch(`${base}${path}`);
      const body = await res.json();
      const list = Array.isArray(body) ? body : body.data;
      if (list?.[0]?.id) return list[0].id;
      if (attempt >= 20) throw new Error(`${path}: no records (HTTP ${res.status})`);
    } catch (error) {
      if (attempt >= 20) throw error;
    }
    await new Promise((done) => setTimeout(done, 500));
  }
}
