import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/connection.ts';
import { createSyntheticDatabase } from './generate-beaches.ts';
import { percentile, ROOT } from './server.ts';

/**
 * `npm run bench:ssr`: server rendering of beach pages (issue 23) in process, on the synthetic
 * database of 12,000 beaches (bench:generate). Builds the web app (client and server entry) into
 * WEB_DIST_DIR (default var/bench/web) unless SKIP_WEB_BUILD=true, then times `inject` of beach
 * pages: each first request of a page is a full render (data read in process + React render, the
 * read model's cache missed), then the same pages again from the page cache. Prints p50/p95/p99 of
 * the wall time, and of the process's CPU time per request (user + system, all its threads): on a
 * shared machine the wall time also counts the time other processes held the cores, the CPU time
 * does not. The load average is printed before and after. Target: p99 <= 20 ms for a render.
 */
const COUNT = Number(process.env.BENCH_BEACHES ?? 12_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 400);
const dist = path.resolve(process.env.WEB_DIST_DIR ?? path.join(ROOT, 'var', 'bench', 'web'));

if (process.env.SKIP_WEB_BUILD !== 'true' || !fs.existsSync(path.join(dist, '.server', 'entry-server.js'))) {
  console.log(`Building the web app into ${dist}…`);
  const result = spawnSync('npm', ['run', 'build', '--workspace=@safeshore/web'], {
    cwd: ROOT,
    env: { ...process.env, WEB_DIST_DIR: dist },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const file = await createSyntheticDatabase(COUNT);
const handle = openDatabase({ SQLITE_PATH: file, DATABASE_URL: undefined });
const app = await buildApp({
  config: {
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: dist,
    CONTENT_DIR: path.join(ROOT, 'content'),
    PUBLIC_BASE_URL: 'https://safeshore.example',
    // No outside network: the providers would only time out.
    WEATHER_PROVIDERS: 'off',
    RATE_LIMIT_PER_MINUTE: 100_000_000,
  },
  db: handle.db,
});
await app.ready();

try {
  const rows = await handle.db
    .selectFrom('beaches')
    .select(['state', 'area_slug', 'city_slug', 'slug'])
    .orderBy('id')
    .execute();
  const step = Math.max(1, Math.floor(rows.length / PAGES));
  const urls = rows
    .filter((_, i) => i % step === 0)
    .slice(0, PAGES)
    .map((b) => `/beach/${b.state.toLowerCase()}/${b.area_slug}/${b.city_slug}/${b.slug}`);

  // Warm-up: the server entry's import and the first render's one-off costs.
  for (const url of urls.slice(0, 5)) await app.inject({ url: `${url}?warm` });

  const cpu = { renders: [] as number[], cached: [] as number[] };
  const time = async (url: string, cpuTimes: number[]) => {
    const cpuStarted = process.cpuUsage();
    const started = performance.now();
    const res = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpuStarted);
    cpuTimes.push((used.user + used.system) / 1000);
    if (res.statusCode !== 200 || !res.body.includes('id="ssr-data"'))
      throw new Error(`${url}: HTTP ${res.statusCode}, not server rendered`);
    return ms;
  };
  const loadBefore = os.loadavg();
  const renders: number[] = [];
  for (const url of urls) renders.push(await time(url, cpu.renders));
  const cached: number[] = [];
  for (const url of urls) cached.push(await time(url, cpu.cached));

  const line = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const f = (p: number) => percentile(sorted, p).toFixed(1);
    return `${name}: p50 ${f(50)} ms, p95 ${f(95)} ms, p99 ${f(99)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
  };
  console.log(`Server-rendered beach pages, ${rows.length} beaches, ${urls.length} pages, in process:`);
  console.log(`  ${line('render (cache miss)', renders)}`);
  console.log(`  ${line('page cache hit', cached)}`);
  console.log(`  ${line('render, CPU time', cpu.renders)}`);
  console.log(`  ${line('page cache hit, CPU time', cpu.cached)}`);
  const loads = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
  console.log(
    `  load average before ${loads(loadBefore)}, after ${loads(os.loadavg())} (${os.availableParallelism()} CPUs)`,
  );
  const p99 = percentile(
    [...renders].sort((a, b) => a - b),
    99,
  );
  console.log(`  target p99 <= 20 ms for a render: ${p99 <= 20 ? 'met' : 'MISSED'}`);
} finally {
  await app.close();
  await handle.db.destroy();
}
