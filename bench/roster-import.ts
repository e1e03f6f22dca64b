import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { percentile, ROOT, startServer } from './server.ts';

/**
 * `npm run bench:roster-import`: does a large roster import keep the server answering? (issue 31)
 *
 * Starts the server as `npm start` does (fresh SQLite, bundled data), makes an NSW operator with
 * the admin commands, generates a 5 MB rosters CSV (one season per row over the bundled NSW
 * beaches and clubs; written to a temporary folder, not committed) and uploads it as a dry run,
 * while another loop asks GET /healthz every 10 ms. Prints the import's time and /healthz
 * latency (p50, p99, max) while it runs. The bar: p99 under 50 ms.
 */

const PORT = Number(process.env.BENCH_PORT ?? 3471);
/** 5 MB (decimal), under the upload limit of 5 MiB. */
const TARGET_BYTES = 5_000_000;
const PASSWORD = 'bench-roster-password-2026';
const EMAIL = 'roster-operator@bench.example';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-roster-bench-'));
const sqlitePath = path.join(dir, 'bench.sqlite');
const server = await startServer({ port: PORT, sqlitePath });
try {
  const admin = (...args: string[]) => {
    const run = spawnSync(process.execPath, [path.join(ROOT, 'apps/api/src/admin.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, SQLITE_PATH: sqlitePath, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`admin ${args[0]} failed: ${run.stderr}`);
  };
  admin('create-user', '--email', EMAIL, '--first', 'Bench', '--last', 'Operator', '--password', PASSWORD);
  admin('grant-role', EMAIL, 'operator', '--state', 'NSW');
  const login = await fetch(`${server.baseUrl}/api/v4/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD, device_name: 'bench' }),
  });
  const { token } = (await login.json()) as { token: string };

  // The bundled NSW beaches, each with a club of its own state.
  const db = new DatabaseSync(sqlitePath, { readOnly: true });
  const beaches = db.prepare("select key from beaches where state = 'NSW' order by id").all() as {
    key: string;
  }[];
  const clubs = db.prepare("select id from clubs where state = 'NSW' order by id").all() as { id: number }[];
  db.close();
  const lines = ['beach,club,starts_on,ends_on,days,start_time,end_time,exception_date,note,source'];
  let bytes = lines[0]!.length + 1;
  let seasons = 0;
  for (let day = 0; bytes < TARGET_BYTES; day += 1) {
    const starts = new Date(Date.UTC(2000, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
    const ends = new Date(Date.UTC(2000, 0, 1) + (day + 30) * 86_400_000).toISOString().slice(0, 10);
    for (const beach of beaches) {
      if (bytes >= TARGET_BYTES) break;
      const club = clubs[seasons % clubs.length]!.id;
      const line = `${beach.key},${club},${starts},${ends},sat-sun,09:00,17:00,,,SLS NSW roster`;
      lines.push(line);
      bytes += line.length + 1;
      seasons += 1;
    }
  }
  const csv = `${lines.join('\n')}\n`;
  fs.writeFileSync(path.join(dir, 'rosters.csv'), csv);

  // Open loop: a request every 10 ms whether or not the last one was answered, so a server that
  // stops for a second shows as a hundred slow answers, not one.
  const latencies: number[] = [];
  const inFlight: Promise<void>[] = [];
  const ping = async () => {
    const sent = performance.now();
    const res = await fetch(`${server.baseUrl}/healthz`);
    await res.arrayBuffer();
    latencies.push(performance.now() - sent);
  };
  const ticker = setInterval(() => inFlight.push(ping()), 10);
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'rosters.csv');
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api/v5/console/imports/rosters?dry_run=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const report = (await res.json()) as { added?: number; rejected?: unknown[]; message?: string };
  const importMs = performance.now() - started;
  clearInterval(ticker);
  await Promise.all(inFlight);
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log('\nRoster import (dry run) while GET /healthz is asked every 10 ms\n');
  console.log(`CSV: ${(csv.length / 1024 / 1024).toFixed(2)} MB, ${seasons} seasons`);
  console.log(
    `Import: HTTP ${res.status}, ${Math.round(importMs)} ms, added ${report.added ?? '?'}, rejected ${report.rejected?.length ?? '?'}${report.message ? ` (${report.message})` : ''}`,
  );
  console.log(
    `/healthz during the import: ${sorted.length} requests, p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (bar: p99 < 50 ms)`,
  );
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
