import os from 'node:os';
import type { LatLng } from '@safeshore/domain';
import { openDatabase } from '../apps/api/src/db/connection.ts';
import { buildSearchIndex } from '../apps/api/src/modules/search/search.memory.ts';
import { createSearchService } from '../apps/api/src/modules/search/search.service.ts';
import { createSyntheticDatabase } from './generate-beaches.ts';
import { percentile, startServer } from './server.ts';

/**
 * Autocomplete latency over 1,000 queries against a running server (BASE_URL), or a server this
 * script starts the way `npm start` does. Queries are 2-8 character prefixes of real beach and
 * place names, half of them with the searcher's coordinates, sent one at a time over HTTP.
 *
 * With `--synthetic N`, the same queries are also timed in process against the in-memory index
 * (issue 20's target: p99 <= 2 ms over 12,000 beaches + 16,873 places).
 */
const COUNT = Number(process.env.QUERIES ?? 1000);
const NAMES = [
  'bondi',
  'manly',
  'coogee',
  'bronte',
  'cronulla',
  'wollongong',
  'byron',
  'noosa',
  'burleigh',
  'surfers',
  'coolangatta',
  'mooloolaba',
  'cottesloe',
  'scarborough',
  'glenelg',
  'henley',
  'torquay',
  'lorne',
  'st kilda',
  'sorrento',
  'main beach',
  'palm beach',
  'mindil',
  'casuarina',
  'hobart',
  'bicheno',
  'sydney',
  'melbourne',
  'perth',
  'darwin',
  'adelaide',
  'cairns',
  'townsville',
  'broome',
  'esperance',
  'albany',
  'kiama',
  'beach',
  'north',
  'south',
  'bay',
  'point',
  'heads',
  'lake',
  'port',
  'mount',
];
const ORIGINS = [
  [-33.87, 151.21],
  [-27.47, 153.03],
  [-37.81, 144.96],
  [-31.95, 115.86],
  [-12.46, 130.84],
];

const external = process.env.BASE_URL;
// `--synthetic 12000`: search a scratch database of that many synthetic beaches as well as the places.
const syntheticArg = process.argv.indexOf('--synthetic');
const synthetic = syntheticArg === -1 ? null : Number(process.argv[syntheticArg + 1] ?? 12_000);
const server = external
  ? null
  : await startServer({
      port: Number(process.env.BENCH_PORT ?? 8192),
      ...(synthetic ? { sqlitePath: await createSyntheticDatabase(synthetic) } : {}),
    });
const baseUrl = external ?? server!.baseUrl;

let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

const queries = Array.from({ length: COUNT }, (_, i) => {
  const name = NAMES[Math.floor(random() * NAMES.length)]!;
  const q = name.slice(0, Math.min(name.length, 2 + Math.floor(random() * 7)));
  const origin = ORIGINS[i % ORIGINS.length]!;
  return i % 2 === 0
    ? `q=${encodeURIComponent(q)}`
    : `q=${encodeURIComponent(q)}&lat=${origin[0]}&lng=${origin[1]}`;
});

// Warm up connections and caches.
for (const query of queries.slice(0, 50))
  await (await fetch(`${baseUrl}/api/v4/autocomplete?${query}`)).arrayBuffer();

const timings: number[] = [];
let results = 0;
for (const query of queries) {
  const start = performance.now();
  const response = await fetch(`${baseUrl}/api/v4/autocomplete?${query}`);
  const body = (await response.json()) as { beaches: unknown[]; locations: unknown[] };
  timings.push(performance.now() - start);
  if (response.status !== 200) throw new Error(`${query}: HTTP ${response.status}`);
  results += body.beaches.length + body.locations.length;
}
await server?.stop();

timings.sort((a, b) => a - b);
const inProcess = synthetic ? await measureInProcess(await createSyntheticDatabase(synthetic)) : null;
console.log(
  `Autocomplete, ${COUNT} sequential queries against ${
    external ??
    (synthetic
      ? `a server on ${synthetic} synthetic beaches (SQLite)`
      : 'a fresh server (SQLite, starter data)')
  }:`,
);
console.log(
  `  median ${percentile(timings, 50).toFixed(2)} ms, p95 ${percentile(timings, 95).toFixed(2)} ms, p99 ${percentile(timings, 99).toFixed(2)} ms, max ${timings.at(-1)!.toFixed(2)} ms`,
);
console.log(`  average results per query: ${(results / COUNT).toFixed(1)}`);
console.log(
  '  (over HTTP, repeated queries are answered from the cache of finished answers; the in-process figures below are the search itself)',
);
if (inProcess) {
  const t = inProcess.timings;
  console.log(
    `In process (the in-memory index, no HTTP, no answer cache): ${inProcess.counts.beaches} beaches + ${inProcess.counts.places} places + ${inProcess.counts.clubs} clubs, index built in ${inProcess.buildMs.toFixed(0)} ms:`,
  );
  console.log(
    `  median ${percentile(t, 50).toFixed(3)} ms, p95 ${percentile(t, 95).toFixed(3)} ms, p99 ${percentile(t, 99).toFixed(3)} ms, max ${t.at(-1)!.toFixed(3)} ms (target p99 <= 2 ms: ${percentile(t, 99) <= 2 ? 'met' : 'MISSED'})`,
  );
  console.log(`  slowest ten, timed again (best of 5): ${inProcess.again.join('; ')}`);
}
console.log(
  `  (load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}: other work on the machine slows every figure)`,
);

/**
 * The same queries through the autocomplete service on the in-memory index (what a request runs
 * after its version check), in this process: the issue's "p99 <= 2 ms per query in process".
 */
async function measureInProcess(file: string) {
  const handle = openDatabase({ SQLITE_PATH: file, DATABASE_URL: undefined });
  try {
    const started = performance.now();
    const index = await buildSearchIndex(handle.db);
    const buildMs = performance.now() - started;
    const service = createSearchService(index.repository);
    const parsed = queries.map((query) => {
      const params = new URLSearchParams(query);
      const lat = params.get('lat');
      const lng = params.get('lng');
      return {
        q: params.get('q')!,
        origin: lat && lng ? { latitude: Number(lat), longitude: Number(lng) } : null,
      };
    });
    for (const { q, origin } of parsed.slice(0, 100)) await service.autocomplete(q, origin);
    const timed: Array<{ q: string; origin: unknown; ms: number }> = [];
    for (const { q, origin } of parsed) {
      const start = performance.now();
      await service.autocomplete(q, origin);
      timed.push({ q, origin, ms: performance.now() - start });
    }
    // The slowest ten timed again (best of 5): a query that is fast now was slowed by the machine
    // (another process, a garbage collection), one that stays slow is slow.
    const slowest = [...timed].sort((a, b) => b.ms - a.ms).slice(0, 10);
    const again = [];
    for (const { q, origin, ms } of slowest) {
      let best = Infinity;
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await service.autocomplete(q, origin as LatLng | null);
        best = Math.min(best, performance.now() - start);
      }
      again.push(`"${q}"${origin ? ' +position' : ''} ${ms.toFixed(2)} -> ${best.toFixed(2)} ms`);
    }
    return { timings: timed.map((t) => t.ms).sort((a, b) => a - b), buildMs, counts: index.counts, again };
  } finally {
    await handle.db.destroy();
  }
}
