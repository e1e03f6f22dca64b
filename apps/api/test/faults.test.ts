import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config.ts';
import { csvField } from '../src/lib/csv.ts';

/**
 * Faults with real processes on a real SQLite file: killed imports, killed servers, shutdown under
 * load. (The PostgreSQL run of the suite skips these: they drive the SQLite default.)
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-faults-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const skipOnPostgres = Boolean(process.env.DATABASE_URL);

function env(database: string, extra: Record<string, string> = {}) {
  return { ...process.env, SQLITE_PATH: database, LOG_LEVEL: 'error', HOST: '127.0.0.1', ...extra };
}
const admin = (database: string, ...args: string[]) =>
  spawnSync(process.execPath, ['apps/api/src/admin.ts', ...args], {
    cwd: ROOT_DIR,
    env: env(database),
    encoding: 'utf8',
  });

async function startServer(database: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['apps/api/src/main.ts'], {
    cwd: ROOT_DIR,
    env: env(database, {
      PORT: String(port),
      WEB_DIST_DIR: path.join(dir, 'no-web'),
      RATE_LIMIT_PER_MINUTE: '1000000',
    }),
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}
const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );

describe.skipIf(skipOnPostgres)('faults', () => {
  it('an import killed mid-run leaves the database consistent, and a re-run completes it', async () => {
    const database = path.join(dir, 'import.sqlite');
    expect(admin(database, 'seed').status).toBe(0);
    const starter = await import('../src/db/seed/beach-rows.ts');
    const header = starter.BEACH_COLUMNS.join(',');
    const rows = Array.from({ length: 4000 }, (_, i) =>
      [
        '',
        `Fault Test Beach ${i + 1}`,
        'NSW',
        'Waverley',
        'Bondi Beach',
        '2026',
        -33.89 - i * 0.00001,
        151.27,
        'test',
        100,
        500,
        1,
        `Fault Club ${i % 7}`,
        '',
        'fault test',
        '',
        '',
      ]
        .map((v) => csvField(v as string | number))
        .join(','),
    );
    const file = path.join(dir, 'big.csv');
    fs.writeFileSync(file, `${header}\n${rows.join('\n')}\n`);

    const child = spawn(process.execPath, ['apps/api/src/admin.ts', 'import-beaches', file], {
      cwd: ROOT_DIR,
      env: env(database),
      stdio: 'ignore',
    });
    // Kill it once some rows are in, well before the end.
    const probe = () => {
      const db = new DatabaseSync(database, { readOnly: true });
      try {
        return (
          db.prepare("select count(*) as n from beaches where data_source = 'fault test'").get() as {
            n: number;
          }
        ).n;
      } catch (error) {
        // The importer may hold the write lock at that instant: not readable yet, look again.
        if (/database is locked/.test(String(error))) return 0;
        throw error;
      } finally {
        db.close();
      }
    };
    for (let i = 0; i < 400 && probe() < 200; i++) await new Promise((r) => setTimeout(r, 10));
    child.kill('SIGKILL');
    await exited(child);

    const db = new DatabaseSync(database);
    const partial = probe();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(4000);
    expect((db.prepare('pragma integrity_check').get() as { integrity_check: string }).integrity_check).toBe(
      'ok',
    );
    // Every beach written is whole: its search terms and its club link came with it.
    const orphans = db
      .prepare(
        `select count(*) as n from beaches b where b.data_source = 'fault test' and (
           not exists (select 1 from search_terms t where t.kind = 'beach' and t.ref_id = b.id) or
           not exists (select 1 from beach_clubs c where c.beach_id = b.id))`,
      )
      .get() as { n: number };
    expect(orphans.n).toBe(0);
    db.close();

    const rerun = admin(database, 'import-beaches', file);
    expect(rerun.status, rerun.stdout + rerun.stderr).toBe(0);
    expect(rerun.stdout).toContain(`${4000 - partial} added`);
    expect(probe()).toBe(4000);
  }, 120_000);

  it('a server killed right after accepting writes has kept them all', async () => {
    const database = path.join(dir, 'restart.sqlite');
    const port = 18_000 + Math.floor(Math.random() * 1000);
    const server = await startServer(database, port);
    let accepted = 0;
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/v4/notfound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `/lost-${i}` }),
      });
      if (res.ok) accepted++;
    }
    server.kill('SIGKILL');
    await exited(server);
    const again = await startServer(database, port);
    again.kill('SIGTERM');
    await exited(again);
    const db = new DatabaseSync(database, { readOnly: true });
    const kept = (
      db.prepare("select count(*) as n from not_found_reports where url like '/lost-%'").get() as {
        n: number;
      }
    ).n;
    db.close();
    expect(accepted).toBe(40);
    expect(kept).toBe(accepted);
  }, 120_000);

  it('SIGTERM lets a request in flight finish, then exits cleanly', async () => {
    const database = path.join(dir, 'drain.sqlite');
    const port = 19_000 + Math.floor(Math.random() * 1000);
    const server = await startServer(database, port);
    // A request whose headers have arrived but whose body is still on its way when SIGTERM lands.
    const body = JSON.stringify({ url: '/drained' });
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST /api/v4/notfound HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    );
    await new Promise((r) => setTimeout(r, 300));
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const response = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.end(body);
    expect((await response).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(await exited(server)).toBe(0);
    // New connections are refused once it has gone.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    const db = new DatabaseSync(database, { readOnly: true });
    expect(db.prepare("select hits from not_found_reports where url = '/drained'").get()).toEqual({
      hits: 1,
    });
    db.close();
  }, 120_000);
});
