import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Client, Request, Result } from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../apps/api/src/db/connection.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import type { Database } from '../apps/api/src/db/schema.ts';
import { BUNDLED_SEED_KEY } from '../apps/api/src/db/seed/index.ts';
import { importPlaces } from '../apps/api/src/db/seed/places.ts';
import { MAINLAND, TASMANIA, pointAlong, seededRandom } from './coastline.ts';
import { createSyntheticDatabase } from './generate-beaches.ts';
import { ROOT, startServer } from './server.ts';
import { generateSyntheticBeaches } from './synthetic.ts';

/**
 * `npm run bench:beach-info`: latency of the beach information calls under load, on 12,000
 * synthetic beaches (bench/synthetic.ts) and the real GeoNames places. For each database (SQLite,
 * and PostgreSQL too when DATABASE_URL is set) it starts the real server and runs autocannon with
 * LOAD_CONNECTIONS (default 200) concurrent connections, LOAD_WARMUP s (default 2) then
 * LOAD_DURATION s (default 10) per phase:
 *
 *   1. POST /api/v4/location/ with varied coastal coordinates,
 *   2. GET /api/v4/map/beaches with varied ~0.3 degree boxes along the coast,
 *   3. GET /api/v4/beach/{id} with varied ids,
 *
 * plus GET /healthz first as the floor of what the machine can do at that concurrency. Prints
 * requests/s, p50 and p99 latency per phase and PASS/FAIL against p99 < 25 ms.
 */
const COUNT = Number(process.env.BENCH_BEACHES ?? 12_000);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const DURATION = Number(process.env.LOAD_DURATION ?? 10);
const WARMUP = Number(process.env.LOAD_WARMUP ?? 2);
const ACCEPT_ENCODING = process.env.LOAD_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
const TARGET_P99_MS = 25;
const VARIANTS = 200;
const BOX_DEGREES = 0.3;

interface Phase {
  label: string;
  requests: Request[];
  /** The floor, not a target. */
  baseline?: boolean;
}

interface Target {
  label: string;
  env: Record<string, string>;
  sqlitePath?: string;
  db: Database;
  cleanup: () => Promise<void>;
}

/**
 * The synthetic generator leaves localities.beaches_count at 0; the location call ranks places
 * and postcodes by it, so count them as the beach importers do. The position indexes come from
 * migration 0008_location_indexes.
 */
async function prepare(db: Database, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await sql`update localities set beaches_count = (select count(*) from beaches where beaches.locality_id = localities.id)`.execute(
    db,
  );
  // PostgreSQL needs its visibility map for index-only scans; SQLite only the statistics.
  await (dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
}

async function sqliteTarget(): Promise<Target> {
  const source = await createSyntheticDatabase(COUNT);
  const file = path.join(ROOT, 'var', 'bench', `beach-info-${COUNT}-${process.pid}.sqlite`);
  fs.copyFileSync(source, file);
  const handle = openDatabase({ SQLITE_PATH: file, DATABASE_URL: undefined });
  await migrateToLatest(handle);
  await prepare(handle.db, 'sqlite');
  return {
    label: `SQLite (${COUNT} synthetic beaches)`,
    env: {},
    sqlitePath: file,
    db: handle.db,
    cleanup: async () => {
      await handle.db.destroy();
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
    },
  };
}

async function postgresTarget(url: string): Promise<Target> {
  const schema = `bench_beach_info_${crypto.randomBytes(4).toString('hex')}`;
  const admin = openDatabase({ DATABASE_URL: url, SQLITE_PATH: '' });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.db.destroy();
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  const handle = openDatabase({ DATABASE_URL: scoped.toString(), SQLITE_PATH: '' });
  console.log(`Loading ${COUNT} synthetic beaches into PostgreSQL schema ${schema}…`);
  await migrateToLatest(handle);
  await importPlaces(handle.db, path.join(ROOT, 'data', 'places', 'geonames-AU-postcodes.txt'));
  await generateSyntheticBeaches(handle.db, { count: COUNT });
  await handle.db.insertInto('app_meta').values({ key: BUNDLED_SEED_KEY, value: 'synthetic' }).execute();
  await prepare(handle.db, 'postgres');
  return {
    label: `PostgreSQL (${COUNT} synthetic beaches)`,
    env: { DATABASE_URL: scoped.toString(), SAFESHORE_ALLOW_SYNTHETIC: 'true' },
    db: handle.db,
    cleanup: async () => {
      await handle.db.destroy();
      const dropper = openDatabase({ DATABASE_URL: url, SQLITE_PATH: '' });
      await sql`drop schema ${sql.id(schema)} cascade`.execute(dropper.db);
      await dropper.db.destroy();
    },
  };
}

/** Varied requests for each phase, the same for every database (seeded). */
async function phases(db: Database): Promise<Phase[]> {
  const random = seededRandom(2026);
  const coastal = () => {
    const [lat, lng] = pointAlong(random() < 0.06 ? TASMANIA : MAINLAND, random());
    return { latitude: lat + (random() - 0.5) * 0.1, longitude: lng + (random() - 0.5) * 0.1 };
  };
  const headers = {
    'content-type': 'application/json',
    ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}),
  };
  const get = (url: string): Request => ({ method: 'GET', path: url, headers });
  const round = (n: number) => n.toFixed(4);

  const locations = Array.from({ length: VARIANTS }, (): Request => {
    const { latitude, longitude } = coastal();
    return {
      method: 'POST',
      path: '/api/v4/location/',
      headers,
      body: JSON.stringify({ latitude: Number(round(latitude)), longitude: Number(round(longitude)) }),
    };
  });
  const boxes = Array.from({ length: VARIANTS }, () => {
    const { latitude, longitude } = coastal();
    const half = BOX_DEGREES / 2;
    return get(
      `/api/v4/map/beaches?neCoords=${round(latitude + half)},${round(longitude + half)}&swCoords=${round(latitude - half)},${round(longitude - half)}`,
    );
  });
  const ids = (await db.selectFrom('beaches').select('id').orderBy('id').execute()).map((row) => row.id);
  const beaches = Array.from({ length: VARIANTS }, () =>
    get(`/api/v4/beach/${ids[Math.floor(random() * ids.length)]}`),
  );
  return [
    { label: 'GET /healthz (floor)', requests: [get('/healthz')], baseline: true },
    { label: `POST /api/v4/location/ (${VARIANTS} coordinates)`, requests: locations },
    { label: `GET /api/v4/map/beaches (${VARIANTS} ${BOX_DEGREES}° boxes)`, requests: boxes },
    { label: `GET /api/v4/beach/{id} (${VARIANTS} ids)`, requests: beaches },
  ];
}

/** One autocannon run; each connection cycles through the requests from its own offset. */
function run(baseUrl: string, requests: Request[], duration: number): Promise<Result> {
  let next = 0;
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration,
    requests,
    setupClient: (client: Client) => {
      const offset = (next++ * 7) % requests.length;
      client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
    },
  });
}

/** Every request of a phase must answer 200 before it is measured. */
async function check(baseUrl: string, phase: Phase): Promise<void> {
  for (const request of phase.requests) {
    const response = await fetch(baseUrl + request.path, {
      method: request.method,
      headers: { 'content-type': 'application/json' },
      ...(request.body ? { body: request.body as string } : {}),
    });
    await response.arrayBuffer();
    if (response.status !== 200)
      throw new Error(`${phase.label}: ${request.method} ${request.path} answered HTTP ${response.status}`);
  }
}

async function measure(target: Target, port: number): Promise<boolean> {
  const server = await startServer({
    port,
    ...(target.sqlitePath ? { sqlitePath: target.sqlitePath } : {}),
    env: { SKIP_WEB_BUILD: 'true', SEED_ON_START: 'false', ...target.env },
  });
  try {
    const list = await phases(target.db);
    const load = os.loadavg()[0]!;
    console.log(
      `\n${target.label}: autocannon, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per phase ` +
        `(${os.availableParallelism()} CPUs shared by autocannon and the server; load average ${load.toFixed(1)})`,
    );
    const rows: string[][] = [];
    let passed = true;
    for (const phase of list) {
      await check(server.baseUrl, phase);
      if (WARMUP > 0) await run(server.baseUrl, phase.requests, WARMUP);
      const result = await run(server.baseUrl, phase.requests, DURATION);
      const failures = result.errors + result.non2xx;
      const ok = result.latency.p99 < TARGET_P99_MS && failures === 0;
      if (!phase.baseline) passed &&= ok;
      rows.push([
        phase.label,
        (result.requests.total / result.duration).toFixed(0),
        `${result.latency.p50} ms`,
        `${result.latency.p99} ms`,
        `${result.errors}${result.timeouts ? ` (${result.timeouts} timeouts)` : ''} / ${result.non2xx}`,
        phase.baseline ? '(floor)' : ok ? 'PASS' : 'FAIL',
      ]);
    }
    const header = ['phase', 'req/s', 'p50', 'p99', 'errors / non-2xx', `p99 < ${TARGET_P99_MS} ms`];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`;
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    return passed;
  } finally {
    await server.stop();
  }
}

// The servers get their database from the target alone (startServer passes our environment on).
const postgresUrl = process.env.DATABASE_URL;
delete process.env.DATABASE_URL;
const targets: Array<() => Promise<Target>> = [sqliteTarget];
if (postgresUrl) targets.push(() => postgresTarget(postgresUrl));
let allPassed = true;
let port = Number(process.env.BENCH_PORT ?? 8196);
for (const makeTarget of targets) {
  const target = await makeTarget();
  try {
    allPassed = (await measure(target, port++)) && allPassed;
  } finally {
    await target.cleanup();
  }
}
console.log(
  `\nTarget p99 < ${TARGET_P99_MS} ms at ${CONNECTIONS} connections: ${allPassed ? 'PASS' : 'FAIL'}`,
);
process.exitCode = allPassed ? 0 : 1;
