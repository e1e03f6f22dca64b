import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import type { Client, Request, Result } from 'autocannon';
import { createSyntheticDatabase } from './generate-beaches.ts';
import { fillRipOutlooks } from './rip-refresh.ts';
import { startServer } from './server.ts';

/**
 * Throughput under load (autocannon, in one run): each endpoint of the table below for
 * LOAD_DURATION seconds (default 10) with LOAD_CONNECTIONS concurrent connections (default 50),
 * after LOAD_WARMUP seconds of warm-up (default 2), against a fresh server (SQLite, starter data)
 * started the way `npm start` does. Requests send a browser's Accept-Encoding (LOAD_ACCEPT_ENCODING,
 * '' for none), so the API compresses as it does for the app. Prints requests/s, latency p50/p99, the server's CPU time per request (/proc),
 * errors and non-2xx responses, and each endpoint's throughput as a share of GET /healthz's (the
 * issue's target: at least 0.5). /healthz is measured first and again last; the ratios use the
 * mean, and a large difference between the two is reported (the machine's load changed).
 *
 * `--synthetic 12000`: serve a scratch database of that many synthetic beaches instead
 * (bench/generate-beaches.ts); the beach-by-path endpoint then uses a synthetic beach's path.
 * `--only location-new,map`: only these rows (by id, or words of their label) beside /healthz.
 * BENCH_SNAPSHOT_WAIT_S=0 skips waiting for the sync snapshot at the end.
 *
 * Issue 20 adds the location and map endpoints (a fixed set of coordinates and boxes, cycled as
 * people near the same beaches would send them, and a location with a new coordinate on every
 * request, which no cache answers), an article, and a 304 phase: clients holding the ETags of the
 * beach-by-id answers (If-None-Match), as a browser or CDN revalidating does. Each row must reach
 * 0.5 x /healthz's throughput (the 304 phase 0.8 x), with a p99 at most 3 x /healthz's. The
 * server runs with WEATHER_PROVIDERS=off (no upstream calls; places show conditions as unknown).
 * After the runs it prints the server's RSS once it also holds the offline sync snapshot.
 */
const DURATION = Number(process.env.LOAD_DURATION ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const WARMUP = Number(process.env.LOAD_WARMUP ?? 2);
const PIPELINING = Number(process.env.LOAD_PIPELINING ?? 1);
/** Sent with every request, as browsers do (the API compresses larger responses); '' for none. */
const ACCEPT_ENCODING = process.env.LOAD_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
const TARGET_RATIO = 0.5;
const NOT_MODIFIED_TARGET_RATIO = 0.8;
const P99_TARGET_FACTOR = 3;

const BEACH_PATH = '/beach/nsw/waverley/bondi-beach/bondi-beach';
/** Names people type; each contributes 2-8 character prefixes. */
const NAMES = [
  'bondi',
  'manly',
  'main beach',
  'coogee',
  'st kilda',
  'north',
  'cronulla',
  'byron bay',
  'noosa',
  'surfers paradise',
  'cottesloe',
  'glenelg',
  'torquay',
  'palm beach',
  'mooloolaba',
  'south',
  'port',
  'point',
];
const PREFIX_LENGTHS = [2, 3, 4, 5, 6, 8];
const ORIGINS = [
  [-33.87, 151.21],
  [-27.47, 153.03],
  [-37.81, 144.96],
];
/** Words whose autocomplete results supply the beach ids to request by id. */
const ID_SEEDS = ['beach', 'bay', 'point', 'north', 'south', 'main', 'head', 'port', 'cove', 'long'];
const ID_COUNT = 20;

interface Endpoint {
  label: string;
  /** A short name for `--only` (which also matches words of the label). */
  id?: string;
  /** The paths requested (GET), cycled through by each connection; absent for a TODO entry. */
  paths?: string[];
  /** Requests other than plain GETs (POST bodies, If-None-Match), cycled likewise. */
  requests?: Request[];
  /** Requests made just before the endpoint's turn (when they depend on the server's state then). */
  prepare?: () => Promise<Request[]>;
  /** Changes each request before it is sent (e.g. a new coordinate every time). */
  setupRequest?: (request: Request) => Request;
  /** The status every answer must have (default 200). */
  status?: number;
  /** Throughput target as a share of /healthz (default TARGET_RATIO). */
  target?: number;
  baseline?: boolean;
  /** Why the endpoint is not measured yet. */
  todo?: string;
}

/** A location request body with a coordinate near `origin` (within ~5 km). */
const near = (origin: number[], i: number) =>
  JSON.stringify({
    latitude: Number((origin[0]! + ((i * 37) % 97) / 2000 - 0.024).toFixed(5)),
    longitude: Number((origin[1]! + ((i * 53) % 89) / 2000 - 0.022).toFixed(5)),
  });
const COAST = [
  [-33.89, 151.27],
  [-28.0, 153.43],
  [-37.85, 144.98],
  [-31.95, 115.76],
  [-34.98, 138.51],
  [-42.88, 147.33],
  [-16.92, 145.77],
  [-12.46, 130.84],
];

let unique = 0;
/**
 * `--only location-new,map`: measure only these rows (by id, or words of the label) besides the
 * /healthz baseline, e.g. while working on one endpoint; every row is measured without it.
 */
const onlyArg = process.argv.indexOf('--only');
const only =
  onlyArg === -1
    ? null
    : (process.argv[onlyArg + 1] ?? '')
        .split(',')
        .map((term) => term.trim().toLowerCase())
        .filter(Boolean);
const selected = (endpoint: Endpoint) =>
  !only ||
  endpoint.baseline === true ||
  only.some((term) => endpoint.id === term || endpoint.label.toLowerCase().includes(term));
const syntheticArg = process.argv.indexOf('--synthetic');
const synthetic = syntheticArg === -1 ? null : Number(process.argv[syntheticArg + 1] ?? 12_000);
const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 8194),
  // No calls to the weather and water-quality services from a benchmark: it measures this server,
  // and an unreachable upstream would make each new place answer wait for its warnings (2 s).
  // All the load comes from this one address (as through a CDN or load balancer): the per-address
  // connection cap (64) would refuse autocannon's 50 plus the checks' own keep-alive connections.
  env: { WEATHER_PROVIDERS: 'off', MAX_CONNECTIONS_PER_ADDRESS: '0' },
  ...(synthetic ? { sqlitePath: await createSyntheticDatabase(synthetic) } : {}),
});
const startMemory = memory();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void server.stop().then(() => process.exit(130)));

try {
  const prefixes = [
    ...new Set(NAMES.flatMap((name) => PREFIX_LENGTHS.map((n) => name.slice(0, n).trimEnd()))),
  ].filter((q) => q.length >= 2);
  const autocompletePaths = prefixes.map((q, i) => {
    const origin = ORIGINS[i % ORIGINS.length]!;
    // Half the queries carry the searcher's position, as the app sends when it knows it.
    return i % 2 === 0
      ? `/api/v4/autocomplete?q=${encodeURIComponent(q)}`
      : `/api/v4/autocomplete?q=${encodeURIComponent(q)}&lat=${origin[0]}&lng=${origin[1]}`;
  });
  // Every beach with a shore direction gets an outlook from a synthetic wave forecast (the server
  // itself makes no upstream calls here), written into the served database as a refresh writes it.
  const rip = await fillRipOutlooks(server.sqlitePath);
  console.log(`Rip outlooks: ${rip.result.outlooks} written (${rip.cpuSeconds.toFixed(2)} s CPU).`);
  const beaches = await sampleBeaches();
  const byPath = (await status(`/api/v4${BEACH_PATH}`)) === 200 ? BEACH_PATH : `/beach${beaches[0]!.url}`;

  const endpoints: Endpoint[] = [
    { label: 'GET /healthz (baseline)', paths: ['/healthz'], baseline: true },
    { label: `GET /api/v4${byPath}`, paths: [`/api/v4${byPath}`] },
    {
      label: `GET /api/v4/beach/{id} (${beaches.length} ids)`,
      paths: beaches.map((b) => `/api/v4/beach/${b.id}`),
    },
    {
      id: 'rip',
      label: `GET /api/v5/beach/{id}/rip-outlook (${beaches.length} ids)`,
      paths: beaches.map((b) => `/api/v5/beach/${b.id}/rip-outlook`),
    },
    {
      label: `GET /api/v4/autocomplete?q= (${prefixes.length} prefixes)`,
      paths: autocompletePaths,
    },
    {
      id: 'location-fixed',
      label: 'POST /api/v4/location (24 coordinates)',
      requests: Array.from({ length: 24 }, (_, i) => ({
        method: 'POST',
        path: '/api/v4/location',
        headers: { 'content-type': 'application/json' },
        body: near(COAST[i % COAST.length]!, i),
      })),
    },
    {
      id: 'location-new',
      label: 'POST /api/v4/location (a new coordinate each request)',
      requests: [
        { method: 'POST', path: '/api/v4/location', headers: { 'content-type': 'application/json' } },
      ],
      setupRequest: (request) => {
        unique += 1;
        return { ...request, body: near(COAST[unique % COAST.length]!, unique * 7919 + (unique >> 3)) };
      },
    },
    {
      id: 'location-url',
      label: 'POST /api/v4/location (url /postcode/…)',
      requests: ['2026', '2095', '4217', '3182', '6011', '5045', '7000', '4870'].map((postcode) => ({
        method: 'POST',
        path: '/api/v4/location',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `/postcode/${postcode}` }),
      })),
    },
    {
      id: 'map',
      label: 'GET /api/v4/map/beaches (16 boxes)',
      paths: Array.from({ length: 16 }, (_, i) => {
        const [lat, lng] = COAST[i % COAST.length]!;
        const span = i < COAST.length ? 0.08 : 0.3;
        return `/api/v4/map/beaches?neCoords=${(lat! + span).toFixed(3)},${(lng! + span).toFixed(3)}&swCoords=${(lat! - span).toFixed(3)},${(lng! - span).toFixed(3)}`;
      }),
    },
    { label: 'GET /api/v4/surf-safety/{slug}', paths: ['/api/v4/surf-safety/ripcurrents'] },
    {
      // Server-rendered beach pages (issue 23): cached per data version like the public reads.
      id: 'page',
      label: `GET /beach/{path} (server-rendered page, ${beaches.length} beaches)`,
      paths: beaches.map((b) => `/beach${b.url}`),
    },
    {
      label: `GET /api/v4/beach/{id} with If-None-Match (304)`,
      // The ETags are fetched just before the phase: a beach detail is produced again at least every
      // 30 s (it carries rendered_at and other facts of the hour), and a new one has a new ETag.
      prepare: async () => {
        const requests: Request[] = [];
        for (const b of beaches) {
          const path = `/api/v4/beach/${b.id}`;
          const response = await fetch(server.baseUrl + path, { headers: encodingHeaders() });
          await response.arrayBuffer();
          const etag = response.headers.get('etag');
          if (!etag) throw new Error(`GET ${path}: no ETag`);
          requests.push({ method: 'GET', path, headers: { ...encodingHeaders(), 'if-none-match': etag } });
        }
        return requests;
      },
      status: 304,
      target: NOT_MODIFIED_TARGET_RATIO,
    },
  ];

  console.log(
    `Load: autocannon, ${CONNECTIONS} connections${PIPELINING > 1 ? ` x${PIPELINING} pipelining` : ''}, ${DURATION} s per endpoint after ${WARMUP} s warm-up, Accept-Encoding "${ACCEPT_ENCODING}", against ${
      synthetic
        ? `a server on ${synthetic} synthetic beaches (SQLite)`
        : 'a fresh server (SQLite, starter data)'
    }:`,
  );
  const load = os.loadavg()[0]!;
  const cpus = os.availableParallelism();
  console.log(
    `  (${cpus} CPUs shared by autocannon and the server; load average ${load.toFixed(1)}${load > cpus ? ': the machine is busy, so expect noisy figures' : ''})`,
  );
  const results: Row[] = [];
  for (const endpoint of endpoints.filter(selected)) {
    if (endpoint.prepare) endpoint.requests = await endpoint.prepare();
    const requests = requestsOf(endpoint);
    if (!requests) {
      results.push({ endpoint });
      continue;
    }
    // Measure only what works: every request must answer as expected first.
    for (const request of requests.slice(0, 50)) {
      const sent = endpoint.setupRequest ? endpoint.setupRequest(request) : request;
      const code = await status(sent.path ?? '/', sent);
      if (code !== (endpoint.status ?? 200))
        throw new Error(`${endpoint.label}: ${sent.method ?? 'GET'} ${sent.path} answered HTTP ${code}`);
    }
    if (WARMUP > 0) await run(requests, WARMUP, endpoint.setupRequest);
    const cpuBefore = serverCpuMs();
    const result = await run(requests, DURATION, endpoint.setupRequest);
    results.push({ endpoint, result, cpuMs: serverCpuMs() - cpuBefore });
  }
  // The baseline again at the end: the ratios use the mean of both, and a difference between them
  // shows the machine's load changed during the run.
  const baseline = endpoints[0]!;
  const cpuBefore = serverCpuMs();
  results.push({
    endpoint: { ...baseline, label: 'GET /healthz (baseline, repeated last)' },
    result: await run(requestsOf(baseline)!, DURATION),
    cpuMs: serverCpuMs() - cpuBefore,
  });
  print(results);
  await reportMemory();
} finally {
  await server.stop();
}

async function status(path: string, request?: Request): Promise<number> {
  const response = await fetch(server.baseUrl + path, {
    method: request?.method ?? 'GET',
    headers: request?.headers as Record<string, string> | undefined,
    body: request?.body as string | undefined,
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * The server's memory after the benchmark (issue 20: at most 400 MB with 50,000 beaches), once it
 * also holds the offline sync snapshot (built on its first request): resident now and at its peak.
 */
async function reportMemory(): Promise<void> {
  const beforeSnapshot = memory();
  console.log(
    `Server memory (RSS): at start ${startMemory.rss}, after the benchmark ${beforeSnapshot.rss}, peak so far ${beforeSnapshot.peak} (target with 50,000 beaches: <= 400 MB RSS)`,
  );
  if (process.env.BENCH_SMAPS) console.log(residentByMapping(server.process.pid!));
  const started = performance.now();
  let ready = false;
  // BENCH_SNAPSHOT_WAIT_S (default 900): how long to wait for the snapshot (brotli 11, minutes on a busy machine).
  while (performance.now() - started < Number(process.env.BENCH_SNAPSHOT_WAIT_S ?? 900) * 1000) {
    const response = await fetch(`${server.baseUrl}/api/v4/sync/snapshot`, {
      headers: { 'accept-encoding': 'br' },
    });
    await response.arrayBuffer();
    if (response.status === 200) {
      ready = true;
      break;
    }
    if (response.status !== 503) throw new Error(`GET /api/v4/sync/snapshot: HTTP ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const snapshotMs = performance.now() - started;
  const after = memory();
  console.log(
    `  with the sync snapshot (${ready ? 'ready' : 'NOT ready'} after ${(snapshotMs / 1000).toFixed(1)} s): RSS ${after.rss}, peak ${after.peak}`,
  );
}

/** One measured endpoint: autocannon's result and the server's CPU time during it. */
interface Row {
  endpoint: Endpoint;
  result?: Result;
  cpuMs?: number;
}

/**
 * The server process's CPU time so far (user + system, Linux /proc), in ms: per request, it is a
 * steadier figure than requests per second, which also moves with whatever else the machine runs.
 */
function serverCpuMs(): number {
  // /proc/<pid>/stat: "pid (comm) state ..."; utime and stime are fields 14 and 15.
  const stat = fs.readFileSync(`/proc/${server.process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // In clock ticks of USER_HZ, 100 a second on Linux.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * BENCH_SMAPS=1: where the server's resident memory is, by kind of mapping (Linux /proc/<pid>/smaps):
 * the node binary, other files, the main malloc heap, and anonymous mappings by size (V8's heap
 * pages are 256 KB each; glibc's thread arenas are reserved 64 MB at a time; larger blocks malloc
 * maps on their own fall in between).
 */
function residentByMapping(pid: number): string {
  const groups = new Map<string, number>();
  let name = '';
  let size = 0;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      name = head[1] ?? '';
      continue;
    }
    const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
    if (!field) continue;
    if (field[1] === 'Size') {
      size = Number(field[2]);
      continue;
    }
    const group = name.endsWith('/node')
      ? 'node binary'
      : name.startsWith('/')
        ? 'other files'
        : name === '[heap]'
          ? 'malloc main heap'
          : name
            ? name
            : size === 256
              ? 'anonymous 256 KB (V8 heap pages)'
              : size >= 32 * 1024
                ? 'anonymous >= 32 MB (malloc arenas, V8 reservations)'
                : 'anonymous, other sizes';
    groups.set(group, (groups.get(group) ?? 0) + Number(field[2]));
  }
  return [...groups]
    .sort((a, b) => b[1] - a[1])
    .map(([group, kb]) => `    ${(kb / 1024).toFixed(1).padStart(7)} MB  ${group}`)
    .join('\n');
}

/** The server process's resident memory now and at its peak (Linux /proc). */
function memory(): { rss: string; peak: string } {
  const status = fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  const mb = (field: string) =>
    `${(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024).toFixed(0)} MB`;
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

function encodingHeaders(): Record<string, string> {
  return ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {};
}

function requestsOf(endpoint: Endpoint): Request[] | null {
  if (endpoint.requests)
    return endpoint.requests.map((r) => ({ ...r, headers: { ...encodingHeaders(), ...r.headers } }));
  if (endpoint.paths)
    return endpoint.paths.map((path) => ({ method: 'GET', path, headers: encodingHeaders() }));
  return null;
}

/** A spread of beaches (id and url) from the autocomplete results for common words. */
async function sampleBeaches(): Promise<Array<{ id: number; url: string }>> {
  const found = new Map<number, string>();
  for (const q of ID_SEEDS) {
    const response = await fetch(`${server.baseUrl}/api/v4/autocomplete?q=${q}`);
    if (response.status !== 200) throw new Error(`autocomplete ${q}: HTTP ${response.status}`);
    const body = (await response.json()) as { beaches: Array<{ id: number; url: string }> };
    for (const beach of body.beaches.slice(0, 3)) found.set(beach.id, beach.url);
    if (found.size >= ID_COUNT) break;
  }
  const beaches = [...found].slice(0, ID_COUNT).map(([id, url]) => ({ id, url }));
  if (beaches.length === 0) throw new Error('no beaches found to request by id');
  return beaches;
}

/** One autocannon run; each connection cycles through the requests, starting at its own offset. */
async function run(
  given: Request[],
  duration: number,
  setupRequest?: (request: Request) => Request,
): Promise<Result> {
  const requests = setupRequest ? given.map((r) => ({ ...r, setupRequest })) : given;
  let next = 0;
  return autocannon({
    url: server.baseUrl,
    connections: CONNECTIONS,
    pipelining: PIPELINING,
    duration,
    requests,
    setupClient:
      requests.length > 1
        ? (client: Client) => {
            const offset = (next++ * 7) % requests.length;
            client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
          }
        : undefined,
  });
}

function print(results: Row[]): void {
  const perSecond = (result: Result) => result.requests.total / result.duration;
  const baselineRuns = results.filter((r) => r.endpoint.baseline && r.result).map((r) => r.result!);
  const baselines = baselineRuns.map(perSecond);
  const baseline = baselines.reduce((sum, rps) => sum + rps, 0) / baselines.length;
  const baselineP99 = Math.max(...baselineRuns.map((r) => r.latency.p99));
  const p99Limit = P99_TARGET_FACTOR * baselineP99;
  const ratio = (result: Result) => perSecond(result) / baseline;
  const targetOf = (endpoint: Endpoint) => endpoint.target ?? TARGET_RATIO;
  const meets = (endpoint: Endpoint, result: Result) =>
    ratio(result) >= targetOf(endpoint) && result.latency.p99 <= p99Limit;
  const ordered = [
    ...results.filter((r) => r.endpoint.baseline),
    ...results.filter((r) => !r.endpoint.baseline),
  ];
  const cpuPerRequest = (row: Row) =>
    row.result && row.cpuMs !== undefined && row.result.requests.total > 0
      ? `${((row.cpuMs * 1000) / row.result.requests.total).toFixed(0)} us`
      : '-';
  const rows = ordered.map((row) => {
    const { endpoint, result } = row;
    if (!result) return [endpoint.label, '-', '-', '-', '-', '-', '-', endpoint.todo ?? ''];
    const expected = String(endpoint.status ?? 200);
    const others = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => code !== expected && !(expected === '200' && code.startsWith('2')))
      .map(([code, stat]) => `HTTP ${code} x${stat.count ?? 0}`);
    const failures = [
      ...others,
      ...(result.errors > 0 ? [`${result.errors} connection errors (${result.timeouts} timeouts)`] : []),
    ];
    const verdict = endpoint.baseline
      ? ''
      : [
          ratio(result) >= targetOf(endpoint) ? '' : `BELOW ${targetOf(endpoint)}`,
          result.latency.p99 <= p99Limit ? '' : `p99 ABOVE ${p99Limit} ms`,
        ]
          .filter(Boolean)
          .join(', ') || 'ok';
    return [
      endpoint.label,
      perSecond(result).toFixed(0),
      `${result.latency.p50} ms`,
      `${result.latency.p99} ms`,
      `${result.errors} / ${failures.length > 0 ? others.length : 0}`,
      cpuPerRequest(row),
      ratio(result).toFixed(2),
      [verdict, failures.length > 0 ? `FAILURES: ${failures.join(', ')}` : ''].filter(Boolean).join('; '),
    ];
  });
  const header = [
    'endpoint',
    'req/s',
    'p50',
    'p99',
    'errors / unexpected',
    'server CPU/req',
    'vs /healthz',
    '',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`.trimEnd();
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  const below = results.filter(
    ({ endpoint, result }) => result && !endpoint.baseline && !meets(endpoint, result),
  );
  const todo = results.filter(({ result }) => !result).length;
  const drift = (Math.max(...baselines) - Math.min(...baselines)) / baseline;
  console.log(
    `  Ratios are to the mean of the two /healthz runs (${baseline.toFixed(0)} req/s); p99 limit ${P99_TARGET_FACTOR} x /healthz's worst p99 (${baselineP99} ms)` +
      (drift > 0.2
        ? `; WARNING: they differ by ${(drift * 100).toFixed(0)}%, so the machine's load changed during the run`
        : '.'),
  );
  console.log(
    `Target (throughput >= ${TARGET_RATIO} x /healthz, the 304 phase >= ${NOT_MODIFIED_TARGET_RATIO} x; p99 <= ${P99_TARGET_FACTOR} x): ${below.length === 0 ? 'met' : `MISSED by ${below.map((b) => b.endpoint.label).join(', ')}`}` +
      (todo > 0 ? ` (${todo} endpoint group(s) not measured yet, marked TODO)` : ''),
  );
  console.log(
    `  (load average now ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}: other work on the machine lowers every figure)`,
  );
}
