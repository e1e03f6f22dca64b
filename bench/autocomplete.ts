import { createSyntheticDatabase } from './generate-beaches.ts';
import { percentile, startServer } from './server.ts';

/**
 * Autocomplete latency over 1,000 queries against a running server (BASE_URL), or a server this
 * script starts the way `npm start` does. Queries are 2-8 character prefixes of real beach and
 * place names, half of them with the searcher's coordinates, sent one at a time over HTTP.
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
