import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { build } from 'vite';
import { MAX_BEACH_LOCALITY_DISTANCE_M, haversineMetres, type SyncResponse } from '@safeshore/domain';
import { openDatabase } from '../apps/api/src/db/connection.ts';
import { SNAPSHOT_LGWIN, SNAPSHOT_QUALITY } from '../apps/api/src/modules/sync/snapshot.ts';
import { seededRandom } from './coastline.ts';
import { createSyntheticDatabase } from './generate-beaches.ts';
import type {} from './offline-harness/api.ts';
import { ROOT, percentile, startServer, type StartedServer } from './server.ts';
import { CHROMIUM_LAUNCH, CHROMIUM_SOURCE } from '../apps/web/e2e/support/chromium.ts';

/**
 * `npm run bench:offline`: the offline database's targets (issue 8), measured on the real code path.
 *
 * A scratch copy of the synthetic database (bench/generate-beaches.ts, default 12,000 beaches) is
 * served by the real server (`scripts/start.ts`, so POST /api/v4/sync with the server's own
 * compression). The page is a tiny Vite build of bench/offline-harness/, served by that same server
 * (same origin), which calls the web app's real modules: `syncOfflineData` into the Dexie database
 * and the offline data source's `autocomplete`. The browser tests' headless Chromium runs it (the
 * @sparticuz/chromium package's, or CHROMIUM_PATH: apps/web/e2e/support/chromium.ts). Each
 * run, in a fresh browser context (an empty IndexedDB):
 *
 *   1. full sync: performance.now() around syncOfflineData in the page; the bytes on the wire of
 *      every /api/v4/sync and /api/v4/sync/snapshot response (CDP Network.loadingFinished
 *      encodedDataLength, headers + body, with the encoding Chromium negotiated: br). A first sync
 *      stores the server's prebuilt snapshot (brotli, modules/sync/snapshot.ts), then the delta after
 *      its cursor (issue 20); the snapshot is built once before the runs, as a running server has it
 *      ready: how long that takes (a quick one first, then the final one), and /healthz and
 *      autocomplete latency meanwhile, are printed too;
 *   2. a sync with nothing changed (the floor of a delta), then 10 beaches changed through the real
 *      writer (`npm run admin -- import-beaches` with a 10-row CSV of those beaches, new
 *      descriptions) and a delta sync: time, wire bytes, and a check that exactly those 10 arrived;
 *   3. the page reloaded (the in-memory search index gone), then offline autocomplete: the first
 *      query alone (it builds the index), then a seeded query mix (2-6 letter prefixes, whole
 *      names, several words, other case and accents, misses), one at a time, p50/p95/p99.
 *
 * Prints a table (median and worst over the runs, against the targets) and one `BENCH_JSON {...}`
 * line. Exit code 1 when a target is missed. Not a test: CI does not run it.
 *
 * Environment: BENCH_BEACHES (12000), BENCH_RUNS (3), BENCH_QUERIES (400 per run), BENCH_PORT (8450),
 * CHROMIUM_PATH (default: the @sparticuz/chromium package's Chromium).
 */
const COUNT = Number(process.env.BENCH_BEACHES ?? 12_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const QUERIES = Math.max(20, Number(process.env.BENCH_QUERIES ?? 400));
const PORT = Number(process.env.BENCH_PORT ?? 8450);
const CHANGED = 10;
/**
 * fullSyncBytesOverBr11: the full sync on the wire within 5% of the same data compressed at
 * brotli's best setting (quality 11, measured here) — 2 MB is below what brotli can reach with full
 * descriptions (issue 20).
 */
const TARGETS = { fullSyncMs: 3000, fullSyncBytesOverBr11: 1.05, deltaBytes: 20_000, autocompleteP95Ms: 16 };
const HARNESS_DIR = path.join(ROOT, 'bench', 'offline-harness');
const SYNC_PATH = '/api/v4/sync';
const SNAPSHOT_PATH = '/api/v4/sync/snapshot';
const METERED = new Set([SYNC_PATH, SNAPSHOT_PATH]);

interface Wire {
  requests: number;
  /** Response headers + body as received (compressed). */
  wireBytes: number;
  /** The compressed bodies alone. */
  bodyBytes: number;
  /** The bodies after decompression (the JSON). */
  decodedBytes: number;
  encodings: string[];
  /** Request sent to response loaded, summed over the requests: the server and the network's share. */
  networkMs: number;
}

/** Counts what the page's /api/v4/sync responses cost on the wire, through Chromium's DevTools protocol. */
class WireMeter {
  private readonly entries = new Map<
    string,
    {
      headers: number;
      decoded: number;
      sentAt: number;
      total?: number;
      finishedAt?: number;
      encoding?: string;
      failed?: string;
    }
  >();

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (event) => {
      if (METERED.has(new URL(event.request.url).pathname))
        this.entries.set(event.requestId, { headers: 0, decoded: 0, sentAt: event.timestamp });
    });
    cdp.on('Network.responseReceived', (event) => {
      const entry = this.entries.get(event.requestId);
      if (!entry) return;
      entry.headers = event.response.encodedDataLength;
      const encoding = Object.entries(event.response.headers).find(
        ([name]) => name.toLowerCase() === 'content-encoding',
      )?.[1];
      entry.encoding = encoding ?? 'identity';
    });
    cdp.on('Network.dataReceived', (event) => {
      const entry = this.entries.get(event.requestId);
      if (entry) entry.decoded += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const entry = this.entries.get(event.requestId);
      if (!entry) return;
      entry.total = event.encodedDataLength;
      entry.finishedAt = event.timestamp;
    });
    cdp.on('Network.loadingFailed', (event) => {
      const entry = this.entries.get(event.requestId);
      if (entry) entry.failed = event.errorText;
    });
  }

  reset(): void {
    this.entries.clear();
  }

  /** The totals since the last reset, once every response has finished (events may trail the page). */
  async totals(): Promise<Wire> {
    const deadline = Date.now() + 5000;
    while ([...this.entries.values()].some((e) => e.total === undefined && !e.failed)) {
      if (Date.now() > deadline) throw new Error('a /api/v4/sync response never finished loading');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const list = [...this.entries.values()];
    const failed = list.find((e) => e.failed);
    if (failed) throw new Error(`a /api/v4/sync request failed: ${failed.failed}`);
    const sum = (f: (e: (typeof list)[number]) => number) => list.reduce((s, e) => s + f(e), 0);
    return {
      requests: list.length,
      wireBytes: sum((e) => e.total!),
      bodyBytes: sum((e) => e.total! - e.headers),
      decodedBytes: sum((e) => e.decoded),
      encodings: [...new Set(list.map((e) => e.encoding ?? 'identity'))],
      // CDP timestamps are seconds.
      networkMs: sum((e) => (e.finishedAt! - e.sentAt) * 1000),
    };
  }
}

interface SyncFigures {
  /** Until the beaches are stored. */
  ms: number;
  /** The whole syncOfflineData call, with the offline articles after the beaches. */
  totalMs: number;
  wire: Wire;
  upserts: number;
  pages: number;
}

interface RunResult {
  full: SyncFigures & { progressEvents: number; articlesSaved: number };
  empty: SyncFigures;
  delta: SyncFigures & { writerMs: number };
  autocomplete: {
    firstMs: number;
    firstQuery: string;
    timings: number[];
    kinds: QueryKind[];
    hits: number;
    misses: number;
  };
}

/** The harness page (bench/offline-harness) built with Vite into its own directory, like the app. */
async function buildHarness(outDir: string): Promise<void> {
  const web = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps', 'web', 'package.json'), 'utf8')) as {
    version: string;
  };
  await build({
    configFile: false,
    root: HARNESS_DIR,
    // Warnings about the app's dependencies are the app build's business, not the benchmark's.
    logLevel: 'error',
    // The app's own compile-time constant (apps/web/vite.config.ts).
    define: { __APP_VERSION__: JSON.stringify(web.version) },
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false },
  });
}

/** A scratch copy of the synthetic database: the delta step writes to it. */
async function scratchDatabase(): Promise<string> {
  const source = await createSyntheticDatabase(COUNT);
  const file = path.join(ROOT, 'var', 'bench', `offline-sync-${COUNT}-${process.pid}.sqlite`);
  fs.copyFileSync(source, file);
  return file;
}

interface BeachRow {
  key: string;
  title: string;
  state: string;
  area: string;
  city: string;
  postcode: string;
  latitude: number;
  longitude: number;
  length_m: number | null;
  patrol: number | null;
  locality_latitude: number;
  locality_longitude: number;
}

async function readBeaches(file: string): Promise<BeachRow[]> {
  const handle = openDatabase({ SQLITE_PATH: file, DATABASE_URL: undefined });
  try {
    return await handle.db
      .selectFrom('beaches')
      .innerJoin('localities', 'localities.id', 'beaches.locality_id')
      .select([
        'beaches.key',
        'beaches.title',
        'beaches.state',
        'beaches.area',
        'beaches.city',
        'beaches.postcode',
        'beaches.latitude',
        'beaches.longitude',
        'beaches.length_m',
        'beaches.patrol',
        'localities.latitude as locality_latitude',
        'localities.longitude as locality_longitude',
      ])
      .orderBy('beaches.id')
      .execute();
  } finally {
    await handle.db.destroy();
  }
}

/**
 * Beaches the importer accepts back unchanged but for the description: no clubs to carry over, and
 * within the importer's distance of their locality.
 */
function changeable(beaches: BeachRow[]): BeachRow[] {
  return beaches.filter(
    (b) =>
      b.patrol === null &&
      haversineMetres(b, { latitude: b.locality_latitude, longitude: b.locality_longitude }) <
        MAX_BEACH_LOCALITY_DISTANCE_M,
  );
}

function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Changes `CHANGED` beaches through the real writer: `npm run admin -- import-beaches` with a CSV of
 * those beaches carrying a new description (data/beaches/FORMAT.md). Returns the writer's wall time.
 */
function changeBeaches(
  sqlitePath: string,
  beaches: BeachRow[],
  run: number | 'prepare',
  dir: string,
): number {
  const header =
    'key,title,state,area,city,postcode,latitude,longitude,coord_source,coord_precision_m,length_m,patrol,clubs,description,source';
  const rows = beaches.map((b) =>
    [
      b.key,
      b.title,
      b.state,
      b.area,
      b.city,
      b.postcode,
      b.latitude,
      b.longitude,
      'synthetic',
      1000,
      b.length_m,
      b.patrol,
      '',
      run === 'prepare'
        ? 'Synthetic beach prepared by the offline benchmark.'
        : `Synthetic beach changed by the offline benchmark, run ${run}.`,
      'Synthetic benchmark data (not a real beach)',
    ]
      .map(csvField)
      .join(','),
  );
  const file = path.join(dir, `changed-${run}.csv`);
  fs.writeFileSync(file, `${header}\n${rows.join('\n')}\n`);
  const started = performance.now();
  const result = spawnSync(process.execPath, ['apps/api/src/admin.ts', 'import-beaches', file], {
    cwd: ROOT,
    env: { ...process.env, SQLITE_PATH: sqlitePath, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  const ms = performance.now() - started;
  // "…: 0 added, 10 updated, 0 unchanged, 0 rejected"
  if (result.status !== 0 || !result.stdout.includes(`0 added, ${beaches.length} updated`))
    throw new Error(
      `import-beaches did not update the ${beaches.length} beaches:\n${result.stdout}\n${result.stderr}`,
    );
  return ms;
}

const QUERY_KINDS = ['prefix 2-6', 'whole name', 'two words', 'case/accents', 'miss'] as const;
type QueryKind = (typeof QUERY_KINDS)[number];

/** The seeded query mix: prefixes of 2-6 letters, whole names, two words, other case/accents, misses. */
function queryMix(beaches: BeachRow[], count: number, seed: number): Array<{ q: string; kind: QueryKind }> {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const words = [...new Set(beaches.flatMap((b) => b.title.toLowerCase().split(/\s+/)))].filter(
    (w) => w.length >= 2,
  );
  const accent = (text: string) => text.replace('e', 'é').replace('a', 'à');
  const miss = () => {
    // No word here starts with these two letters: the index must answer "nothing" fast.
    for (;;) {
      const length = 3 + Math.floor(random() * 5);
      const text = Array.from({ length }, () => pick([...'qxzjvkwy'])).join('');
      if (!words.some((w) => w.startsWith(text.slice(0, 2)))) return text;
    }
  };
  return Array.from({ length: count }, () => {
    const roll = random();
    if (roll < 0.45) {
      const word = pick(words);
      return { q: word.slice(0, Math.min(word.length, 2 + Math.floor(random() * 5))), kind: 'prefix 2-6' };
    }
    if (roll < 0.65) return { q: pick(beaches).title, kind: 'whole name' };
    if (roll < 0.75) {
      const [first, second] = pick(beaches).title.split(' ');
      const q = second ? `${first} ${second.slice(0, 1 + Math.floor(random() * 3))}` : first!;
      return { q, kind: 'two words' };
    }
    if (roll < 0.85) {
      const title = pick(beaches).title;
      return { q: random() < 0.5 ? title.toUpperCase() : accent(title.toLowerCase()), kind: 'case/accents' };
    }
    return { q: miss(), kind: 'miss' };
  });
}

async function openHarness(context: BrowserContext, baseUrl: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await page.goto(`${baseUrl}/`);
  await page.waitForFunction(() => window.offlineBench?.ready === true);
  return page;
}

async function measureRun(
  browser: Browser,
  baseUrl: string,
  sqlitePath: string,
  beaches: BeachRow[],
  toChange: BeachRow[],
  run: number,
  dir: string,
): Promise<RunResult> {
  const context = await browser.newContext();
  try {
    let page = await openHarness(context, baseUrl);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const meter = new WireMeter(cdp);

    const sync = async (): Promise<{
      figures: SyncFigures;
      full: boolean;
      deletes: number;
      progressEvents: number;
      articlesSaved: number;
    }> => {
      meter.reset();
      const result = await page.evaluate(() => window.offlineBench!.sync());
      const wire = await meter.totals();
      return {
        figures: {
          ms: result.beachesMs,
          totalMs: result.ms,
          wire,
          upserts: result.upserts,
          pages: result.pages,
        },
        full: result.full,
        deletes: result.deletes,
        progressEvents: result.progressEvents,
        articlesSaved: result.articlesSaved,
      };
    };

    // 1. Full sync into an empty database.
    const full = await sync();
    const stored = await page.evaluate(() => window.offlineBench!.count());
    // The snapshot may predate the changes of earlier runs (it is rebuilt at most every 5 minutes):
    // those beaches then come again in the delta after it.
    if (
      !full.full ||
      stored !== beaches.length ||
      full.figures.upserts < beaches.length ||
      full.figures.upserts > beaches.length + run * CHANGED
    )
      throw new Error(
        `full sync stored ${stored} beaches (${full.figures.upserts} sent), the server has ${beaches.length}`,
      );

    // 2a. Nothing changed: the floor of a delta.
    const empty = await sync();
    if (empty.full || empty.figures.upserts !== 0 || empty.deletes !== 0)
      throw new Error(`a sync with nothing changed carried ${empty.figures.upserts} beaches`);

    // 2b. Ten beaches changed through the real writer, then a delta sync.
    const changed = toChange.slice(run * CHANGED, (run + 1) * CHANGED);
    const writerMs = changeBeaches(sqlitePath, changed, run, dir);
    const delta = await sync();
    if (delta.full || delta.figures.upserts !== CHANGED || delta.deletes !== 0)
      throw new Error(`delta sync carried ${delta.figures.upserts} beaches, expected ${CHANGED}`);
    const arrived = await page.evaluate(
      (keys) => Promise.all(keys.map((key) => window.offlineBench!.description(key))),
      changed.map((b) => b.key),
    );
    const wrong = changed.filter((_, i) => !arrived[i]?.includes(`offline benchmark, run ${run}.`));
    if (wrong.length > 0)
      throw new Error(`delta sync: ${wrong.map((b) => b.key).join(', ')} not updated in the browser`);

    // 3. Offline autocomplete from a fresh page: the first query builds whatever the source builds.
    await page.close();
    page = await openHarness(context, baseUrl);
    const queries = queryMix(beaches, QUERIES, 7 + run);
    const first = await page.evaluate((q) => window.offlineBench!.autocomplete([q]), queries[0]!.q);
    const rest = await page.evaluate(
      (qs) => window.offlineBench!.autocomplete(qs),
      queries.slice(1).map((query) => query.q),
    );
    // Figures from wrong answers would mean nothing: a name must find beaches, a miss none.
    const wrongAnswers = queries.slice(1).filter(({ kind }, i) => {
      const found = rest.results[i]!;
      return kind === 'miss' ? found > 0 : kind !== 'prefix 2-6' && kind !== 'two words' && found === 0;
    });
    if (wrongAnswers.length > 0)
      throw new Error(
        `offline autocomplete answered wrongly: ${wrongAnswers.map((w) => `"${w.q}" (${w.kind})`).join(', ')}`,
      );
    return {
      full: { ...full.figures, progressEvents: full.progressEvents, articlesSaved: full.articlesSaved },
      empty: empty.figures,
      delta: { ...delta.figures, writerMs },
      autocomplete: {
        firstMs: first.timings[0]!,
        firstQuery: queries[0]!.q,
        timings: rest.timings,
        kinds: queries.slice(1).map((query) => query.kind),
        hits: rest.results.filter((n) => n > 0).length,
        misses: rest.results.filter((n) => n === 0).length,
      },
    };
  } finally {
    await context.close();
  }
}

interface Breakdown {
  json: number;
  /** The whole stream fetched uncompressed from Node: the server's share without brotli. */
  plainMs: number;
  /** Brotli at the server's quality (4, @fastify/compress's default). */
  br4: number;
  gzip: number;
  /** The first page alone at the server's quality and at brotli's best (11). */
  firstPageBr4: number;
  firstPageBr11: number;
  withoutDescriptionBr4: number;
  withoutDescriptionAndFacilitiesBr4: number;
  /** The whole beach set as one JSON text (the snapshot's), at brotli 11: the size target's base. */
  snapshotJson: number;
  snapshotBr11: number;
  /** What the server sends for the snapshot (its own brotli, SNAPSHOT_QUALITY and SNAPSHOT_LGWIN). */
  snapshotServed: number;
}

/**
 * Where the full sync's bytes go: the same stream fetched here as plain JSON and compressed here,
 * whole and without the two JSON-text fields, so a missed payload target says what would fix it.
 */
async function payloadBreakdown(baseUrl: string): Promise<Breakdown> {
  const pages: SyncResponse[] = [];
  const texts: string[] = [];
  let since: string | null = null;
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${baseUrl}${SYNC_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body: JSON.stringify({ since }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`POST ${SYNC_PATH}: HTTP ${response.status}`);
    const page = JSON.parse(text) as SyncResponse;
    pages.push(page);
    texts.push(text);
    if (!page.has_more) break;
    since = page.cursor;
  }
  const plainMs = performance.now() - started;
  const snapshotText = await (
    await fetch(`${baseUrl}${SNAPSHOT_PATH}`, { headers: { 'accept-encoding': 'identity' } })
  ).text();
  const served = await fetch(`${baseUrl}${SNAPSHOT_PATH}`, { headers: { 'accept-encoding': 'br' } });
  // fetch decodes brotli; the header says how many bytes came.
  const servedBytes = Number(served.headers.get('content-length') ?? 0);
  await served.arrayBuffer();
  const br = (text: string, quality: number) =>
    zlib.brotliCompressSync(text, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    }).length;
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const without = (fields: Array<'description' | 'facilities'>) =>
    pages.map((page) =>
      JSON.stringify({
        ...page,
        beaches_upsert: page.beaches_upsert.map((beach) => ({
          ...beach,
          ...Object.fromEntries(fields.map((f) => [f, ''])),
        })),
      }),
    );
  return {
    json: sum(texts.map((t) => Buffer.byteLength(t))),
    plainMs,
    br4: sum(texts.map((t) => br(t, 4))),
    gzip: sum(texts.map((t) => zlib.gzipSync(t).length)),
    firstPageBr4: br(texts[0]!, 4),
    firstPageBr11: br(texts[0]!, 11),
    withoutDescriptionBr4: sum(without(['description']).map((t) => br(t, 4))),
    withoutDescriptionAndFacilitiesBr4: sum(without(['description', 'facilities']).map((t) => br(t, 4))),
    snapshotJson: Buffer.byteLength(snapshotText),
    snapshotBr11: br(snapshotText, 11),
    snapshotServed: servedBytes,
  };
}

interface SnapshotStage {
  /** From the first request (the server had none) until this one was served. */
  availableMs: number;
  quality: number;
  /** Brotli body as served. */
  bytes: number;
}

interface Latency {
  requests: number;
  p50: number;
  p99: number;
  max: number;
}

interface SnapshotBuild {
  first: SnapshotStage;
  best: SnapshotStage;
  /** GET /healthz and an autocomplete, one after another, while the final build ran and after. */
  duringBuild: { healthz: Latency; autocomplete: Latency };
  idle: { healthz: Latency; autocomplete: Latency };
}

/** The quality the ETag names ("s12-<hash>-q10-br"). */
function snapshotQuality(etag: string | null): number {
  const match = /-q(\d+)(?:-br)?"$/.exec(etag ?? '');
  if (!match) throw new Error(`${SNAPSHOT_PATH}: no quality in the ETag ${etag}`);
  return Number(match[1]);
}

/**
 * The snapshot's build on a server that has none (it was just started): when the first (quick) one
 * is served and when the final one replaces it, their sizes, and what API latency does
 * meanwhile: GET /healthz and GET /api/v4/autocomplete (a fresh query each time, so never from the
 * cache)  one after another during the final build, then as long again with nothing building.
 */
async function measureSnapshotBuild(baseUrl: string): Promise<SnapshotBuild> {
  const started = performance.now();
  const fetchSnapshot = async () => {
    const response = await fetch(`${baseUrl}${SNAPSHOT_PATH}`, { headers: { 'accept-encoding': 'br' } });
    await response.arrayBuffer();
    if (response.status !== 200 && response.status !== 503)
      throw new Error(`GET ${SNAPSHOT_PATH}: HTTP ${response.status}`);
    if (response.status === 503) return null;
    return {
      availableMs: performance.now() - started,
      quality: snapshotQuality(response.headers.get('etag')),
      bytes: Number(response.headers.get('content-length') ?? 0),
    };
  };
  let first = await fetchSnapshot();
  while (!first) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    first = await fetchSnapshot();
  }
  let best: SnapshotStage | null = first.quality >= SNAPSHOT_QUALITY ? first : null;
  const words = ['bon', 'man', 'coo', 'pal', 'tam', 'nor', 'sou', 'bay', 'rock', 'cre', 'pt', 'hea'];
  let probe = 0;
  const probeLatencies = async (until: () => Promise<boolean>, minMs = 0) => {
    const healthz: number[] = [];
    const autocomplete: number[] = [];
    const since = performance.now();
    let lastCheck = 0;
    for (;;) {
      let t = performance.now();
      await (await fetch(`${baseUrl}/healthz`)).arrayBuffer();
      healthz.push(performance.now() - t);
      t = performance.now();
      const q = `${words[probe % words.length]}${String.fromCharCode(97 + (Math.floor(probe / words.length) % 26))}`;
      probe++;
      await (await fetch(`${baseUrl}/api/v4/autocomplete?q=${q}`)).arrayBuffer();
      autocomplete.push(performance.now() - t);
      if (performance.now() - since >= minMs && performance.now() - lastCheck > 1000) {
        lastCheck = performance.now();
        if (await until()) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const summary = (values: number[]): Latency => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        requests: values.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1)!,
      };
    };
    return { healthz: summary(healthz), autocomplete: summary(autocomplete), ms: performance.now() - since };
  };
  const during = await probeLatencies(async () => {
    if (best) return true;
    const stage = await fetchSnapshot();
    if (stage && stage.quality >= SNAPSHOT_QUALITY) best = stage;
    return best !== null;
  });
  const idle = await probeLatencies(async () => true, Math.min(during.ms, 20_000));
  return {
    first,
    best: best!,
    duringBuild: { healthz: during.healthz, autocomplete: during.autocomplete },
    idle: { healthz: idle.healthz, autocomplete: idle.autocomplete },
  };
}

function printSnapshotBuild(build: SnapshotBuild): void {
  const stage = (s: SnapshotStage) =>
    `quality ${s.quality}, ${kb(s.bytes)}, served after ${(s.availableMs / 1000).toFixed(1)} s`;
  const latency = (l: Latency) => `p50 ${ms(l.p50)} p99 ${ms(l.p99)} max ${ms(l.max)} (${l.requests})`;
  console.log(
    `  snapshot build on a server that had none: first ${stage(build.first)}; then ${stage(build.best)}\n` +
      `    while building: /healthz ${latency(build.duringBuild.healthz)}; autocomplete ` +
      `${latency(build.duringBuild.autocomplete)}\n` +
      `    idle after:     /healthz ${latency(build.idle.healthz)}; autocomplete ${latency(build.idle.autocomplete)}`,
  );
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const worst = (values: number[]) => Math.max(...values);
const ms = (value: number) => `${value.toFixed(value < 100 ? 2 : 0)} ms`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

function report(results: RunResult[], breakdown: Breakdown, build: SnapshotBuild): boolean {
  const p = (run: RunResult, q: number) =>
    percentile(
      [...run.autocomplete.timings].sort((a, b) => a - b),
      q,
    );
  const rows: Array<{ label: string; values: number[]; format: (n: number) => string; target?: number }> = [
    {
      label: `full sync: ${COUNT} beaches stored`,
      values: results.map((r) => r.full.ms),
      format: ms,
      target: TARGETS.fullSyncMs,
    },
    {
      label: 'full sync: of which request to loaded',
      values: results.map((r) => r.full.wire.networkMs),
      format: ms,
    },
    {
      label: 'full sync: on the wire (headers + body)',
      values: results.map((r) => r.full.wire.wireBytes),
      format: kb,
      target: Math.round(breakdown.snapshotBr11 * TARGETS.fullSyncBytesOverBr11),
    },
    { label: 'full sync: JSON (decoded)', values: results.map((r) => r.full.wire.decodedBytes), format: kb },
    {
      label: 'full sync: whole call, with articles',
      values: results.map((r) => r.full.totalMs),
      format: ms,
    },
    { label: 'nothing changed: beaches', values: results.map((r) => r.empty.ms), format: ms },
    { label: 'nothing changed: on the wire', values: results.map((r) => r.empty.wire.wireBytes), format: kb },
    { label: `delta, ${CHANGED} changed: beaches`, values: results.map((r) => r.delta.ms), format: ms },
    {
      label: `delta, ${CHANGED} changed: on the wire`,
      values: results.map((r) => r.delta.wire.wireBytes),
      format: kb,
      target: TARGETS.deltaBytes,
    },
    {
      label: `delta, ${CHANGED} changed: JSON (decoded)`,
      values: results.map((r) => r.delta.wire.decodedBytes),
      format: kb,
    },
    {
      label: `delta, ${CHANGED} changed: whole call`,
      values: results.map((r) => r.delta.totalMs),
      format: ms,
    },
    {
      label: 'autocomplete: first query (index build)',
      values: results.map((r) => r.autocomplete.firstMs),
      format: ms,
    },
    { label: 'autocomplete: p50', values: results.map((r) => p(r, 50)), format: ms },
    {
      label: 'autocomplete: p95',
      values: results.map((r) => p(r, 95)),
      format: ms,
      target: TARGETS.autocompleteP95Ms,
    },
    { label: 'autocomplete: p99', values: results.map((r) => p(r, 99)), format: ms },
    { label: 'autocomplete: max', values: results.map((r) => worst(r.autocomplete.timings)), format: ms },
  ];
  let passed = true;
  const table = rows.map((row) => {
    const ok = row.target === undefined ? undefined : worst(row.values) < row.target;
    if (ok === false) passed = false;
    return [
      row.label,
      row.format(median(row.values)),
      row.format(worst(row.values)),
      row.target === undefined ? '' : `< ${row.format(row.target)}`,
      ok === undefined ? '' : ok ? 'PASS' : 'FAIL',
    ];
  });
  const header = ['measure', 'median', 'worst', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`;
  console.log(line(header));
  for (const row of table) console.log(line(row));

  const r0 = results[0]!;
  const ratio = r0.full.wire.decodedBytes / Math.max(1, r0.full.wire.bodyBytes);
  console.log(
    `\n  full sync: ${r0.full.pages} pages (${r0.full.wire.requests} requests), content-encoding ` +
      `${r0.full.wire.encodings.join('/')}: ${kb(r0.full.wire.bodyBytes)} of bodies for ` +
      `${kb(r0.full.wire.decodedBytes)} of JSON (${ratio.toFixed(1)}x); ${r0.full.progressEvents} progress ` +
      `reports; ${r0.full.articlesSaved} articles saved after the beaches`,
  );
  console.log(
    `  snapshot: ${kb(breakdown.snapshotJson)} of JSON, served as ${kb(breakdown.snapshotServed)} (brotli ${SNAPSHOT_QUALITY}, window ` +
      `${SNAPSHOT_LGWIN} by the server); brotli 11 (default window) here ${kb(breakdown.snapshotBr11)}; size target (x${TARGETS.fullSyncBytesOverBr11}) ` +
      `${kb(breakdown.snapshotBr11 * TARGETS.fullSyncBytesOverBr11)}\n` +
      `  payload (the stream fetched again uncompressed from Node in ${ms(breakdown.plainMs)}, compressed here):\n` +
      `    JSON ${kb(breakdown.json)}; brotli 4 (the server's) ${kb(breakdown.br4)}; gzip ${kb(breakdown.gzip)}\n` +
      `    first page: brotli 4 ${kb(breakdown.firstPageBr4)}, brotli 11 ${kb(breakdown.firstPageBr11)}\n` +
      `    without descriptions: brotli 4 ${kb(breakdown.withoutDescriptionBr4)}; without descriptions and ` +
      `facilities: ${kb(breakdown.withoutDescriptionAndFacilitiesBr4)}`,
  );
  printSnapshotBuild(build);
  console.log(
    `  delta: ${r0.delta.wire.requests} request(s), ${r0.delta.upserts} beaches; the writer (admin ` +
      `import-beaches, a process of its own, not timed above) took ${ms(median(results.map((r) => r.delta.writerMs)))}`,
  );
  const byKind = QUERY_KINDS.map((kind) => {
    const times = results
      .flatMap((r) => r.autocomplete.timings.filter((_, i) => r.autocomplete.kinds[i] === kind))
      .sort((a, b) => a - b);
    return times.length === 0
      ? `${kind} -`
      : `${kind} ${ms(percentile(times, 50))} / ${ms(percentile(times, 95))} (${times.length})`;
  });
  console.log(`  autocomplete p50 / p95 by kind, all runs: ${byKind.join('; ')}`);
  console.log(
    `  autocomplete: ${QUERIES - 1} queries per run after the first (run 1: ${r0.autocomplete.hits} with ` +
      `beaches, ${r0.autocomplete.misses} without); first query "${r0.autocomplete.firstQuery}"`,
  );
  console.log(
    `BENCH_JSON ${JSON.stringify({
      bench: 'offline-sync',
      beaches: COUNT,
      runs: RUNS,
      cpus: os.availableParallelism(),
      // Other work on the machine shows in every time here.
      loadAverage: os.loadavg()[0],
      targets: TARGETS,
      passed,
      payload: breakdown,
      snapshotBuild: build,
      measures: Object.fromEntries(
        rows.map((row) => [
          row.label,
          { median: median(row.values), worst: worst(row.values), runs: row.values },
        ]),
      ),
    })}`,
  );
  return passed;
}

// SQLite only: the server and the writer must not pick up a PostgreSQL URL from the environment.
delete process.env.DATABASE_URL;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-offline-bench-'));
const harnessOut = path.join(scratch, 'web');
let sqlitePath: string | undefined;
let snapshotBuild: SnapshotBuild | undefined;
let server: StartedServer | undefined;
let browser: Browser | undefined;
let passed: boolean;
try {
  console.log(`Building the harness page and preparing ${COUNT} synthetic beaches…`);
  await buildHarness(harnessOut);
  sqlitePath = await scratchDatabase();
  const beaches = await readBeaches(sqlitePath);
  const toChange = changeable(beaches);
  if (toChange.length < CHANGED * RUNS)
    throw new Error(`need at least ${CHANGED * RUNS} unpatrolled beaches to change`);
  // The writer gives a place its council on the first import of one of its beaches, which changes
  // the page address of every beach there; a real database has its councils. Write the beaches
  // once beforehand, so each run's change is those 10 beaches and nothing else.
  changeBeaches(sqlitePath, toChange.slice(0, CHANGED * RUNS), 'prepare', scratch);
  server = await startServer({
    port: PORT,
    sqlitePath,
    env: {
      SKIP_WEB_BUILD: 'true',
      SEED_ON_START: 'false',
      SAMPLE_DATA: 'false',
      WEATHER_PROVIDERS: 'off',
      WEB_DIST_DIR: harnessOut,
    },
  });
  // A running server has its snapshot ready: the first request starts the build (a quick one, then
  // the final one); the runs begin once the final one is served.
  snapshotBuild = await measureSnapshotBuild(server.baseUrl);
  printSnapshotBuild(snapshotBuild);
  browser = await chromium.launch(CHROMIUM_LAUNCH);
  console.log(
    `Offline sync and autocomplete, ${COUNT} synthetic beaches, ${RUNS} runs, headless Chromium ` +
      `${browser.version()} from ${CHROMIUM_SOURCE} (${os.availableParallelism()} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}):`,
  );
  const results: RunResult[] = [];
  for (let run = 0; run < RUNS; run++) {
    results.push(await measureRun(browser, server.baseUrl, sqlitePath, beaches, toChange, run, scratch));
    console.log(`  run ${run + 1}/${RUNS} done`);
  }
  passed = report(results, await payloadBreakdown(server.baseUrl), snapshotBuild);
  console.log(
    `\nTargets: ${passed ? 'all met' : 'MISSED'} (load average at the end ${os.loadavg()[0]!.toFixed(1)})`,
  );
} finally {
  await browser?.close();
  await server?.stop();
  if (sqlitePath)
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${sqlitePath}${suffix}`, { force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
}
process.exitCode = passed ? 0 : 1;
