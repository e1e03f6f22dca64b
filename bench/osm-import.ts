import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/connection.ts';
import { SYNTHETIC_MARK, migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { seedBundledData } from '../apps/api/src/db/seed/index.ts';
import { importOsm, type OsmImportReport } from '../apps/api/src/db/seed/osm/import.ts';
import { OsmPbfWriter } from '../apps/api/src/db/seed/osm/pbf-writer.ts';
import { MAINLAND, TASMANIA } from './coastline.ts';

/**
 * OpenStreetMap import throughput and memory: writes a synthetic .osm.pbf of named beach ways
 * (default 50,000, ~20 nodes each) spread along a coarse outline of Australia's coast, with a few
 * thousand toilets and car parks, and optionally unrelated "noise" ways (roads) that a real
 * extract is mostly made of; then imports it into a scratch SQLite database (in a child process,
 * so its memory is the import's alone) and prints features/s, peak RSS and the file size.
 *
 *   npx node bench/osm-import.ts [--beaches 50000] [--noise 0] [--keep]
 */

const ROOT = path.resolve(import.meta.dirname, '..');

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

/** The coarse coast outline shared with the synthetic beach generator. Not a map. */
const COAST: Array<ReadonlyArray<readonly [number, number]>> = [MAINLAND, TASMANIA];

const NODES_PER_WAY = 20;
const WAY_LENGTH_M = 400;
const NODE_ID_BASE = 1;
const METRES_PER_DEGREE = 111_195;

interface Segment {
  from: readonly [number, number];
  to: readonly [number, number];
  start: number;
  length: number;
}

function coastSegments(): { segments: Segment[]; total: number } {
  const segments: Segment[] = [];
  let total = 0;
  for (const line of COAST) {
    for (let i = 1; i < line.length; i++) {
      const from = line[i - 1]!;
      const to = line[i]!;
      const dy = (to[0] - from[0]) * METRES_PER_DEGREE;
      const dx = (to[1] - from[1]) * METRES_PER_DEGREE * Math.cos((from[0] * Math.PI) / 180);
      const length = Math.hypot(dx, dy);
      segments.push({ from, to, start: total, length });
      total += length;
    }
  }
  return { segments, total };
}

/** Point `distance` metres along the coast, and the coast's direction there (unit vector in degrees per metre). */
function along(
  segments: Segment[],
  distance: number,
): { lat: number; lon: number; dLat: number; dLon: number } {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segments[mid]!.start <= distance) lo = mid;
    else hi = mid - 1;
  }
  const s = segments[lo]!;
  const t = Math.min(1, (distance - s.start) / s.length);
  const lat = s.from[0] + (s.to[0] - s.from[0]) * t;
  const lon = s.from[1] + (s.to[1] - s.from[1]) * t;
  return { lat, lon, dLat: (s.to[0] - s.from[0]) / s.length, dLon: (s.to[1] - s.from[1]) / s.length };
}

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function beachName(i: number): string {
  // Some names repeat along the coast (as "Main Beach" does), most are unique.
  return i % 50 === 0 ? 'Main Beach' : `Bench Beach ${i}`;
}

function generate(file: string, beaches: number, noise: number): void {
  const { segments, total } = coastSegments();
  const rand = random(42);
  const writer = new OsmPbfWriter(file);
  const spacing = total / beaches;
  let nodeId = NODE_ID_BASE;
  // Beach nodes: way i uses ids NODE_ID_BASE + i * NODES_PER_WAY …; every third beach is a polygon.
  for (let i = 0; i < beaches; i++) {
    const p = along(segments, i * spacing);
    const polygon = i % 3 === 0;
    const cosLat = Math.cos((p.lat * Math.PI) / 180);
    for (let n = 0; n < NODES_PER_WAY; n++) {
      const half = polygon ? NODES_PER_WAY / 2 : NODES_PER_WAY;
      const k = polygon && n >= half ? NODES_PER_WAY - 1 - n : n;
      const offset = (k / (half - 1)) * WAY_LENGTH_M;
      // The polygon's second half runs back 40 m to the side of the first.
      const side = polygon && n >= half ? 40 : 0;
      // A metre or two of jitter, as mapped coordinates have (it also keeps the file from compressing unrealistically well).
      writer.addNode({
        id: nodeId++,
        lat: p.lat + p.dLat * offset + p.dLon * cosLat * side + (rand() - 0.5) * 2e-5,
        lon: p.lon + p.dLon * offset - (p.dLat / cosLat) * side + (rand() - 0.5) * 2e-5,
      });
    }
  }
  const facilities = Math.round(beaches / 10);
  for (let f = 0; f < facilities; f++) {
    const p = along(segments, rand() * total);
    writer.addNode({
      id: nodeId++,
      lat: p.lat + (rand() - 0.5) * 0.002,
      lon: p.lon + (rand() - 0.5) * 0.002,
      tags: { amenity: f % 5 < 3 ? 'toilets' : 'parking' },
    });
  }
  const noiseBase = nodeId;
  for (let w = 0; w < noise; w++) {
    const p = along(segments, rand() * total);
    for (let n = 0; n < 10; n++) {
      writer.addNode({
        id: nodeId++,
        lat: p.lat - 0.01 - n * 0.0005 + (rand() - 0.5) * 2e-5,
        lon: p.lon + n * 0.0005 + (rand() - 0.5) * 2e-5,
      });
    }
  }
  for (let i = 0; i < beaches; i++) {
    const first = NODE_ID_BASE + i * NODES_PER_WAY;
    const refs = Array.from({ length: NODES_PER_WAY }, (_, n) => first + n);
    if (i % 3 === 0) refs.push(first);
    const tags: Record<string, string> = { natural: 'beach', name: beachName(i) };
    if (i % 4 === 0) tags.surface = 'sand';
    if (i % 7 === 0) tags.dog = ['yes', 'no', 'leashed'][i % 3]!;
    writer.addWay({ id: i + 1, refs, tags });
  }
  for (let w = 0; w < noise; w++) {
    const first = noiseBase + w * 10;
    writer.addWay({
      id: beaches + 1 + w,
      refs: Array.from({ length: 10 }, (_, n) => first + n),
      tags: { highway: 'residential', name: `Bench Street ${w}` },
    });
  }
  writer.close();
}

interface ImportResult {
  report: OsmImportReport;
  seconds: number;
  rerunSeconds: number;
  baselineRssMb: number;
  peakRssMb: number;
  maxRssMb: number;
}

/** Child process: seed a scratch database, import the file twice, measure. */
async function runImport(file: string, dbFile: string): Promise<void> {
  const handle = openDatabase({ SQLITE_PATH: dbFile, DATABASE_URL: undefined });
  await migrateToLatest(handle);
  await seedBundledData(handle.db, path.join(ROOT, 'data'));
  // Made-up beaches: mark the scratch database so the server would refuse to serve it.
  await handle.db
    .insertInto('app_meta')
    .values({ key: SYNTHETIC_MARK, value: new Date().toISOString() })
    .execute();
  globalThis.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const report = await importOsm(handle.db, file);
  const seconds = (performance.now() - started) / 1000;
  const again = performance.now();
  await importOsm(handle.db, file);
  const rerunSeconds = (performance.now() - again) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await handle.db.destroy();
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  const result: ImportResult = {
    report,
    seconds,
    rerunSeconds,
    baselineRssMb: mb(baseline),
    peakRssMb: mb(peak),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  console.log(JSON.stringify(result));
}

if (process.argv[2] === '--child') {
  await runImport(process.argv[3]!, process.argv[4]!);
} else {
  const beaches = option('--beaches', 50_000);
  const noise = option('--noise', 0);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-osm-bench-'));
  const file = path.join(dir, 'bench.osm.pbf');
  try {
    const started = performance.now();
    generate(file, beaches, noise);
    const size = fs.statSync(file).size;
    console.log(
      `Wrote ${file}: ${beaches.toLocaleString()} beach ways, ${noise.toLocaleString()} other ways, ` +
        `${(size / 1024 / 1024).toFixed(1)} MiB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', import.meta.filename, '--child', file, path.join(dir, 'scratch.sqlite')],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DATABASE_URL: '' } },
    );
    if (child.status !== 0) throw new Error(`import failed (exit ${child.status})`);
    const result = JSON.parse(child.stdout.trim().split('\n').pop()!) as ImportResult;
    const r = result.report;
    const skipped = r.skipped.map((s) => `${s.count} ${s.reason}`).join(', ') || 'none';
    console.log(
      `Imported into a scratch SQLite database: ${r.features.toLocaleString()} features -> ${r.added} added, ` +
        `${r.merged} merged, ${r.joined} joined pieces; skipped: ${skipped}`,
    );
    console.log(
      `  first import: ${result.seconds.toFixed(1)} s, ${Math.round(r.features / result.seconds)} features/s`,
    );
    console.log(`  re-import (nothing to add): ${result.rerunSeconds.toFixed(1)} s`);
    console.log(
      `  RSS: ${result.baselineRssMb} MiB before the import (places + starter beaches loaded), ` +
        `peak ${result.peakRssMb} MiB during it (process max ${result.maxRssMb} MiB)`,
    );
  } finally {
    if (!process.argv.includes('--keep')) fs.rmSync(dir, { recursive: true, force: true });
  }
}
