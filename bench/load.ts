import os from 'node:os';
import autocannon from 'autocannon';
import type { Client, Request, Result } from 'autocannon';
import { createSyntheticDatabase } from './generate-beaches.ts';
import { startServer } from './server.ts';

/**
 * Throughput under load (autocannon, in one run): each endpoint of the table below for
 * LOAD_DURATION seconds (default 10) with LOAD_CONNECTIONS concurrent connections (default 50),
 * after LOAD_WARMUP seconds of warm-up (default 2), against a fresh server (SQLite, starter data)
 * started the way `npm start` does. Requests send a browser's Accept-Encoding (LOAD_ACCEPT_ENCODING,
 * '' for none), so the API compresses as it does for the app. Prints requests/s, latency p50/p99,
 * errors and non-2xx responses, and each endpoint's throughput as a share of GET /healthz's (the
 * issue's target: at least 0.5). /healthz is measured first and again last; the ratios use the
 * mean, and a large difference between the two is reported (the machine's load changed).
 *
 * `--synthetic 12000`: serve a scratch database of that many synthetic beaches instead
 * (bench/generate-beaches.ts); the beach-by-path endpoint then uses a synthetic beach's path.
 */
const DURATION = Number(process.env.LOAD_DURATION ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const WARMUP = Number(process.env.LOAD_WARMUP ?? 2);
const PIPELINING = Number(process.env.LOAD_PIPELINING ?? 1);
/** Sent with every request, as browsers do (the API compresses larger responses); '' for none. */
const ACCEPT_ENCODING = process.env.LOAD_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
const TARGET_RATIO = 0.5;

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
  /** The paths requested, cycled through by each connection; absent for a TODO entry. */
  paths?: string[];
  baseline?: boolean;
  /** Why the endpoint is not measured yet. */
  todo?: string;
}

const syntheticArg = process.argv.indexOf('--synthetic');
const synthetic = syntheticArg === -1 ? null : Number(process.argv[syntheticArg + 1] ?? 12_000);
const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 8194),
  ...(synthetic ? { sqlitePath: await createSyntheticDatabase(synthetic) } : {}),
});
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
      label: `GET /api/v4/autocomplete?q= (${prefixes.length} prefixes)`,
      paths: autocompletePaths,
    },
    {
      // TODO(location endpoints): the location (state / area / locality) API is not built yet.
      // When it is, put a spread of real location paths here (fetched like the beach ids above).
      label: 'location endpoints',
      todo: 'TODO: not built yet; add their paths here when they are',
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
  const results: Array<{ endpoint: Endpoint; result?: Result }> = [];
  for (const endpoint of endpoints) {
    if (!endpoint.paths) {
      results.push({ endpoint });
      continue;
    }
    // Measure only what works: every path must answer 200 first.
    for (const path of endpoint.paths) {
      const code = await status(path);
      if (code !== 200) throw new Error(`${endpoint.label}: GET ${path} answered HTTP ${code}`);
    }
    if (WARMUP > 0) await run(endpoint.paths, WARMUP);
    results.push({ endpoint, result: await run(endpoint.paths, DURATION) });
  }
  // The baseline again at the end: the ratios use the mean of both, and a difference between them
  // shows the machine's load changed during the run.
  const baseline = endpoints[0]!;
  results.push({
    endpoint: { ...baseline, label: 'GET /healthz (baseline, repeated last)' },
    result: await run(baseline.paths!, DURATION),
  });
  print(results);
} finally {
  await server.stop();
}

async function status(path: string): Promise<number> {
  const response = await fetch(server.baseUrl + path);
  await response.arrayBuffer();
  return response.status;
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

/** One autocannon run; each connection cycles through the paths, starting at its own offset. */
async function run(paths: string[], duration: number): Promise<Result> {
  const headers = ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {};
  const requests: Request[] = paths.map((path) => ({ method: 'GET', path, headers }));
  let next = 0;
  return autocannon({
    url: server.baseUrl,
    connections: CONNECTIONS,
    pipelining: PIPELINING,
    duration,
    requests,
    setupClient:
      paths.length > 1
        ? (client: Client) => {
            const offset = (next++ * 7) % requests.length;
            client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
          }
        : undefined,
  });
}

function print(results: Array<{ endpoint: Endpoint; result?: Result }>): void {
  const perSecond = (result: Result) => result.requests.total / result.duration;
  const baselines = results.filter((r) => r.endpoint.baseline && r.result).map((r) => perSecond(r.result!));
  const baseline = baselines.reduce((sum, rps) => sum + rps, 0) / baselines.length;
  const ratio = (result: Result) => perSecond(result) / baseline;
  const ordered = [
    ...results.filter((r) => r.endpoint.baseline),
    ...results.filter((r) => !r.endpoint.baseline),
  ];
  const rows = ordered.map(({ endpoint, result }) => {
    if (!result) return [endpoint.label, '-', '-', '-', '-', '-', endpoint.todo ?? ''];
    const others = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stat]) => `HTTP ${code} x${stat.count ?? 0}`);
    const failures = [
      ...others,
      ...(result.errors > 0 ? [`${result.errors} connection errors (${result.timeouts} timeouts)`] : []),
    ];
    return [
      endpoint.label,
      perSecond(result).toFixed(0),
      `${result.latency.p50} ms`,
      `${result.latency.p99} ms`,
      `${result.errors} / ${result.non2xx}`,
      ratio(result).toFixed(2),
      [
        endpoint.baseline ? '' : ratio(result) >= TARGET_RATIO ? 'ok' : `BELOW ${TARGET_RATIO}`,
        failures.length > 0 ? `FAILURES: ${failures.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; '),
    ];
  });
  const header = ['endpoint', 'req/s', 'p50', 'p99', 'errors / non-2xx', 'vs /healthz', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`.trimEnd();
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  const below = results.filter(
    ({ endpoint, result }) => result && !endpoint.baseline && !(ratio(result) >= TARGET_RATIO),
  );
  const todo = results.filter(({ result }) => !result).length;
  const drift = (Math.max(...baselines) - Math.min(...baselines)) / baseline;
  console.log(
    `  Ratios are to the mean of the two /healthz runs (${baseline.toFixed(0)} req/s)` +
      (drift > 0.2
        ? `; WARNING: they differ by ${(drift * 100).toFixed(0)}%, so the machine's load changed during the run`
        : '.'),
  );
  console.log(
    `Target (throughput >= ${TARGET_RATIO} x /healthz): ${below.length === 0 ? 'met' : `MISSED by ${below.map((b) => b.endpoint.label).join(', ')}`}` +
      (todo > 0 ? ` (${todo} endpoint group(s) not measured yet, marked TODO)` : ''),
  );
}
