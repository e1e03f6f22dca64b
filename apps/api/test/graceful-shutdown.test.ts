import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config.ts';

/**
 * SIGTERM on a real server process (main.ts), as a rolling deploy sends it behind a proxy: requests
 * in flight finish and close their (kept-alive) connections, new connections are refused, the
 * process exits 0, and a request that never completes cannot hold the exit past SHUTDOWN_GRACE_MS. (SQLite: the PostgreSQL run skips it; the
 * drain does not depend on the database.)
 */
const skipOnPostgres = Boolean(process.env.DATABASE_URL);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-shutdown-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Server {
  child: ChildProcess;
  port: number;
  /** Resolves when the server logs a line containing `text`. */
  logged(text: string): Promise<void>;
  exited: Promise<number | null>;
}

async function startServer(name: string, env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, ['apps/api/src/main.ts'], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      SQLITE_PATH: path.join(dir, `${name}.sqlite`),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dir, 'no-web'),
      ALERTS_WORKER: 'off',
      WEATHER_PROVIDERS: 'off',
      SEED_ON_START: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of waiters.filter((x) => output.includes(x.text))) w.resolve();
  });
  const logged = (text: string) =>
    new Promise<void>((resolve) => {
      if (output.includes(text)) resolve();
      else waiters.push({ text, resolve });
    });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Fastify logs the address it listens on (port 0: the system chose it).
  await Promise.race([logged('Server listening at'), exited]);
  const port = Number(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]);
  if (!port) throw new Error(`server did not start: ${output}`);
  return { child, port, logged, exited };
}

/** Whether a new connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

/**
 * A POST whose headers the server has read (it answered 100 Continue: the request is in progress)
 * and whose body is still on its way.
 */
const IN_FLIGHT = (length: number) =>
  `POST /api/v4/notfound HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`;

/** Raw HTTP/1.1 on one socket: what a proxy's keep-alive connection sees. */
function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  const listeners: Array<() => void> = [];
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
    for (const l of listeners.splice(0)) l();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    closed,
    connected: once(socket, 'connect'),
    /** Resolves once `text` has arrived. */
    async received(text: string): Promise<void> {
      while (!received.includes(text)) await new Promise<void>((resolve) => listeners.push(resolve));
    },
    /** Resolves with the final responses (not 100 Continue) once `count` complete ones have arrived. */
    async responses(count: number): Promise<string[]> {
      for (;;) {
        const parts = received
          .split(/(?=HTTP\/1\.1 \d{3})/)
          .filter((p) => p && !p.startsWith('HTTP/1.1 100'));
        const complete = parts.filter((p) => {
          const [head, body = ''] = p.split('\r\n\r\n');
          const length = Number(/content-length: (\d+)/i.exec(head!)?.[1] ?? 0);
          return Buffer.byteLength(body) >= length;
        });
        if (complete.length >= count) return complete;
        await new Promise<void>((resolve) => listeners.push(resolve));
      }
    },
  };
}

describe.skipIf(skipOnPostgres)('graceful shutdown (SIGTERM)', () => {
  it('finishes a request in flight, closing its kept-alive connection, then exits 0', async () => {
    const server = await startServer('drain');
    const body = JSON.stringify({ url: '/drained-on-sigterm' });
    // A proxy's keep-alive connection with a request in flight: its headers sent, its body not yet.
    const kept = connection(server.port);
    await kept.connected;
    kept.socket.write(IN_FLIGHT(Buffer.byteLength(body)));
    await kept.received('HTTP/1.1 100 Continue');
    server.child.kill('SIGTERM');
    await server.logged('shutting down: draining requests');
    // New connections are refused once the server has stopped listening.
    await expect.poll(() => refused(server.port), { timeout: 10_000 }).toBe(true);
    // The request in flight completes; its answer closes the connection, so a proxy sends
    // nothing more on it (its next request goes to another process).
    kept.socket.write(body);
    const [answer] = await kept.responses(1);
    expect(answer!.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    await kept.closed;
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('closes a request that does not finish within SHUTDOWN_GRACE_MS and exits', async () => {
    const server = await startServer('grace', { SHUTDOWN_GRACE_MS: '300' });
    const stuck = connection(server.port);
    await stuck.connected;
    // A body that never arrives.
    stuck.socket.write(IN_FLIGHT(100));
    await stuck.received('HTTP/1.1 100 Continue');
    stuck.socket.write('{');
    server.child.kill('SIGTERM');
    await server.logged('requests still running at the end of the grace: closed');
    await stuck.closed;
    expect(await server.exited).toBe(0);
  }, 60_000);
});
