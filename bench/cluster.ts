import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import webpush from 'web-push';
import { openDatabase } from '../apps/api/src/db/connection.ts';
import { createAccounts, resolveAccountsSettings } from '../apps/api/src/modules/accounts/index.ts';
import { parseConsoleRoleArgs, setConsoleRoles } from '../apps/api/src/modules/console/admin-roles.ts';
import { startWebPushFake, type WebPushFake } from '../apps/api/test/fakes/webpush.ts';
import { startCluster, waitForHttp, type Cluster, type Managed } from '../scripts/cluster.ts';
import { loadSyntheticBeaches } from './generate-beaches.ts';

/**
 * `npm run bench:cluster`: the production shape (scripts/cluster.ts: PostgreSQL, two API
 * processes, two alert workers, nginx with deploy/nginx.conf) at 12,000 synthetic beaches, under a
 * steady load through the proxy (beach pages, beach detail, autocomplete, location, and signed-in
 * writes: follows and console status changes, each recorded with its acknowledgement), while each
 * fault of a summer weekend is injected in turn. One line per fault:
 *
 *   fault NAME: requests N, failed F (5xx or no answer), acknowledged writes lost L, recovered in S s
 *
 * - api-kill: kill -9 one API process (restarted at once, as a supervisor would).
 * - rolling-restart: SIGTERM each API process in turn, start it again, wait for /healthz.
 * - postgres-restart: `pg_ctl restart -m fast`; recovered = from PostgreSQL back to a write
 *   acknowledged through the proxy and both processes healthy.
 * - worker-kill: a closure at a beach with 10,000 followers (each a browser on the fake Web Push
 *   endpoint of the tests); kill -9 a worker that holds a batch; recovered = until every follower
 *   has the alert (duplicates counted).
 * - stampede: 200 connections read one beach through the proxy while its status changes; the origin's
 *   renders of it are counted from nginx's log (the app's Server-Timing "render").
 * - closure: a lifesaver closes a beach; recovered = until every reader through the proxy sees it.
 *
 * Then throughput through the proxy against straight to one process. "Failed" counts what a
 * person sees: an answer of 500 or more, or none within 20 s. "Lost": a write answered 2xx whose
 * row is not in the database at the end. Prints the load average; the machine is shared.
 *
 * Environment: BENCH_BEACHES (12000), BENCH_FOLLOWERS (10000), BENCH_RATE (requests/s of the
 * steady load, 80), BENCH_PORT (18680: the proxy; the API processes the next two; PostgreSQL 55434).
 */

const BEACHES = Number(process.env.BENCH_BEACHES ?? 12_000);
const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 80);
const PORT = Number(process.env.BENCH_PORT ?? 18_680);
const REQUEST_TIMEOUT_MS = 20_000;
const LOOPS = 16;
const READ_SET = 300;
const STAMPEDE_CONNECTIONS = 200;
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

type Kind = 'page' | 'detail' | 'autocomplete' | 'location' | 'follow' | 'status' | 'probe';
interface Sample {
  kind: Kind;
  start: number;
  end: number;
  /** HTTP status; 0: no answer. */
  status: number;
  write?:
    { type: 'follow'; userId: number; beachId: number } | { type: 'status'; userId: number; key: string };
}

const t0 = performance.now();
const now = () => performance.now() - t0;
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Setup {
  readIds: number[];
  readPaths: string[];
  followBeaches: number[];
  users: { id: number; token: string }[];
  lifesaver: { id: number; token: string };
  statusBeaches: number[];
  stampedeBeach: number;
  closureBeach: { id: number; path: string };
  fanOutBeach: number;
  prefixes: string[];
}

/** Users with tokens, a lifesaver's grants, and the 10,000 followers of the fan-out beach. */
async function prepareData(cluster: Cluster): Promise<Setup> {
  const handle = openDatabase({ SQLITE_PATH: '', DATABASE_URL: cluster.databaseUrl });
  const db = handle.db;
  try {
    const beaches = await db
      .selectFrom('beaches')
      .select(['id', 'key', 'state', 'area_slug', 'city_slug', 'slug'])
      .orderBy('id')
      .execute();
    const pathOf = (b: (typeof beaches)[number]) =>
      `/${b.state.toLowerCase()}/${b.area_slug}/${b.city_slug}/${b.slug}`;
    // Disjoint sets: the read load, follows, status changes, and the three beaches of the faults.
    const step = Math.floor(beaches.length / READ_SET);
    const read = beaches.filter((_, i) => i % step === 0).slice(0, READ_SET);
    const rest = beaches.filter((b) => !read.includes(b));
    const [stampedeBeach, closureBeach, fanOutBeach, ...others] = rest;
    const statusBeaches = others.slice(0, 4);
    const followBeaches = others.slice(4, 4 + 4000);
    const accounts = createAccounts(db, resolveAccountsSettings({ PASSWORD_SCRYPT_LOG_N: 10 }));
    const stamp = Date.now();
    const user = async (name: string) => {
      const { user } = await accounts.createUser({
        email: `bench.${name}.${stamp}@example.invalid`,
        first_name: 'Bench',
        last_name: name,
        password: `bench-${crypto.randomBytes(12).toString('hex')}`,
        email_verified: true,
      });
      return { id: user.id, token: await accounts.issueTokenFor(user.id, 'bench') };
    };
    const users = [];
    for (let i = 0; i < LOOPS; i++) users.push(await user(`reader${i}`));
    const lifesaver = await user('lifesaver');
    for (const b of [stampedeBeach!, closureBeach!, fanOutBeach!, ...statusBeaches])
      await setConsoleRoles(
        db,
        parseConsoleRoleArgs([
          `bench.lifesaver.${stamp}@example.invalid`,
          'lifesaver',
          '--beach',
          String(b.id),
        ]),
        true,
        new Date(),
      );
    // The followers: one browser each, subscribed at the fake push service (bench ids share a key).
    const keys = push.subscriptionFor('b0').keys;
    const at = new Date().toISOString();
    for (let i = 0; i < FOLLOWERS; i += 1000) {
      const n = Math.min(1000, FOLLOWERS - i);
      await db.transaction().execute(async (trx) => {
        const rows = await trx
          .insertInto('users')
          .values(
            Array.from({ length: n }, (_, k) => ({
              first_name: 'Bench',
              last_name: 'Follower',
              email: `bench.follower.${stamp}.${i + k}@example.invalid`,
              password_hash: null,
              created_at: at,
              updated_at: at,
            })),
          )
          .returning('id')
          .execute();
        await trx
          .insertInto('follows')
          .values(rows.map((u) => ({ user_id: u.id, beach_id: fanOutBeach!.id, created_at: at })))
          .execute();
        await trx
          .insertInto('push_subscriptions')
          .values(
            rows.map((u) => ({
              user_id: u.id,
              endpoint: `${push.origin}/push/b${u.id}`,
              p256dh: keys.p256dh,
              auth: keys.auth,
              created_at: at,
              api_token_id: null,
            })),
          )
          .execute();
      });
    }
    const prefixes = [
      ...new Set(
        ['bea', 'nor', 'sou', 'bay', 'poi', 'lit', 'lon', 'mai', 'sur', 'sh', 'cov', 'bac', 'tow'].flatMap(
          (w) => [w.slice(0, 2), w],
        ),
      ),
    ];
    return {
      readIds: read.map((b) => b.id),
      readPaths: read.map(pathOf),
      followBeaches: followBeaches.map((b) => b.id),
      users,
      lifesaver,
      statusBeaches: statusBeaches.map((b) => b.id),
      stampedeBeach: stampedeBeach!.id,
      closureBeach: { id: closureBeach!.id, path: pathOf(closureBeach!) },
      fanOutBeach: fanOutBeach!.id,
      prefixes,
    };
  } finally {
    await db.destroy();
  }
}

/** One request through the proxy, recorded. */
async function request(
  samples: Sample[] | null,
  kind: Kind,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  write?: Sample['write'],
  base = cluster.proxyUrl,
): Promise<{ status: number; text: string; headers: Headers | null }> {
  const start = now();
  let status = 0;
  let text = '';
  let headers: Headers | null = null;
  try {
    const response = await fetch(base + path, {
      ...init,
      headers: { 'accept-encoding': ACCEPT_ENCODING, ...init.headers },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    text = await response.text();
    status = response.status;
    headers = response.headers;
  } catch {
    // No answer (refused, reset, or none within REQUEST_TIMEOUT_MS): status stays 0.
  }
  samples?.push({ kind, start, end: now(), status, ...(write ? { write } : {}) });
  return { status, text, headers };
}

const failed = (s: Sample) => s.status === 0 || s.status >= 500;

let statusCounter = 0;
/** A console status change with its own Idempotency-Key (as the console's queue sends it). */
function setStatus(
  samples: Sample[] | null,
  setup: Setup,
  beachId: number,
  body: { status: string; reason?: string; message: string },
) {
  const key = `bench-${process.pid}-${++statusCounter}`;
  return request(
    samples,
    'status',
    `/api/v5/beach/${beachId}/status`,
    {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${setup.lifesaver.token}`,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      body: JSON.stringify(body),
    },
    { type: 'status', userId: setup.lifesaver.id, key },
  );
}

/**
 * The steady load: LOOPS loops paced to RATE requests/s in all: beach pages 20%, beach detail 30%,
 * autocomplete 20%, location 15%, follows 15%; and a console status change every 15 s (each
 * raises the data version, which empties every process's cache: a few a minute, as on a busy day).
 */
function startLoad(setup: Setup, samples: Sample[]) {
  let running = true;
  const interval = (LOOPS * 1000) / RATE;
  const loops = setup.users.map(async (user, loop) => {
    let i = loop;
    let follows = 0;
    let next = now() + Math.random() * interval;
    while (running) {
      await sleep(Math.max(0, next - now()));
      next += interval;
      i += 1;
      const pick = (i * 7919 + loop * 104_729) % 100;
      const n = (i * 31 + loop * 17) % READ_SET;
      if (pick < 20) await request(samples, 'page', `/beach${setup.readPaths[n]}`);
      else if (pick < 50) await request(samples, 'detail', `/api/v4/beach/${setup.readIds[n]}`);
      else if (pick < 70)
        await request(
          samples,
          'autocomplete',
          `/api/v4/autocomplete?q=${setup.prefixes[n % setup.prefixes.length]}`,
        );
      else if (pick < 85)
        await request(samples, 'location', '/api/v4/location', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ latitude: -34 + (n % 24) * 0.25, longitude: 151 - (n % 24) * 0.1 }),
        });
      else {
        // Each loop's user follows beaches of its own, one after another (no two loops share a row).
        const beachId = setup.followBeaches[(loop * 250 + follows++) % setup.followBeaches.length]!;
        await request(
          samples,
          'follow',
          `/api/v4/beach/${beachId}/follow`,
          { method: 'POST', headers: { authorization: `Bearer ${user.token}` } },
          { type: 'follow', userId: user.id, beachId },
        );
      }
    }
  });
  const changes = (async () => {
    for (let i = 0; running; i++) {
      await sleep(15_000);
      if (!running) break;
      await setStatus(samples, setup, setup.statusBeaches[i % setup.statusBeaches.length]!, {
        status: 'Inclement',
        reason: 'other',
        message: `Bench change ${i}`,
      });
    }
  })();
  return {
    async stop() {
      running = false;
      await Promise.all([...loops, changes]);
    },
  };
}

const windows: { name: string; from: number; to: number }[] = [];
/** A fault's line; the writes lost are known only at the end (one look at the database). */
interface Result {
  name: string;
  text: (lost: number) => string;
}
function line(name: string, samples: Sample[], from: number, recoveredMs: number, extra = ''): Result {
  const to = now();
  windows.push({ name, from, to });
  const inWindow = samples.filter((s) => s.start >= from && s.start <= to);
  // What failed (kind and status, 0: no answer), and what nginx logged about its upstreams meanwhile.
  const failures = new Map<string, number>();
  for (const s of inWindow.filter(failed))
    failures.set(`${s.kind} ${s.status}`, (failures.get(`${s.kind} ${s.status}`) ?? 0) + 1);
  const proxyErrors = new Map<string, number>();
  for (const l of errorLogSince(errorLogAt.get(from) ?? 0)) {
    const what = /\] \d+#\d+: \*?\d* ?(.+?)(?: \(\d+: [^)]*\))?(?: while |, client)/.exec(l)?.[1];
    if (what) proxyErrors.set(what, (proxyErrors.get(what) ?? 0) + 1);
  }
  const detail = [
    ...(failures.size ? [`failures ${JSON.stringify(Object.fromEntries(failures))}`] : []),
    ...(proxyErrors.size ? [`nginx ${JSON.stringify(Object.fromEntries(proxyErrors))}`] : []),
  ].join('; ');
  return {
    name,
    text: (lost) =>
      `fault ${name}: requests ${inWindow.length}, failed ${inWindow.filter(failed).length} (5xx or no answer), acknowledged writes lost ${lost}, recovered in ${seconds(recoveredMs)} s${extra ? ` (${extra})` : ''}${detail ? `\n    ${detail}` : ''}`,
  };
}

/** nginx's error log (its stderr, in the cluster's logs): where each fault began, and the lines since. */
const errorLogAt = new Map<number, number>();
const errorLog = () => path.join(cluster.dir, 'logs', 'nginx.log');
function begin(): number {
  const from = now();
  errorLogAt.set(from, fs.existsSync(errorLog()) ? fs.statSync(errorLog()).size : 0);
  return from;
}
function errorLogSince(offset: number): string[] {
  if (!fs.existsSync(errorLog())) return [];
  return fs.readFileSync(errorLog(), 'utf8').slice(offset).split('\n').filter(Boolean);
}

/**
 * A process started again serves once it has built what the first requests need (indexes, the
 * first renders): a deploy waits for that before it restarts the next one.
 */
async function warm(url: string, setup: Setup) {
  for (const path of [
    `/api/v4/autocomplete?q=be`,
    `/api/v4/beach/${setup.readIds[0]}`,
    `/beach${setup.readPaths[0]}`,
  ])
    await request(null, 'probe', path, {}, undefined, url);
}

async function healthy(url: string) {
  await waitForHttp(`${url}/healthz`, (status) => status === 200);
}

async function apiKill(cluster: Cluster, samples: Sample[]): Promise<Result> {
  const from = begin();
  await sleep(2000);
  const api = cluster.apis[0]!;
  const killed = now();
  await api.stop('SIGKILL');
  await api.start();
  const recovered = now() - killed;
  await sleep(3000);
  return line('api-kill', samples, from, recovered, `${api.name} killed and started again`);
}

async function rollingRestart(cluster: Cluster, samples: Sample[], setup: Setup): Promise<Result> {
  const from = begin();
  await sleep(2000);
  const started = now();
  const parts: string[] = [];
  for (const api of cluster.apis) {
    const t = now();
    const code = await api.stop('SIGTERM');
    const drained = now() - t;
    await api.start();
    const up = now() - t;
    await warm(cluster.apiUrls[cluster.apis.indexOf(api)]!, setup);
    parts.push(
      `${api.name} exited ${code} after ${seconds(drained)} s, healthy again after ${seconds(up)} s, warm after ${seconds(now() - t)} s`,
    );
  }
  const recovered = now() - started;
  await sleep(3000);
  return line('rolling-restart', samples, from, recovered, parts.join(', '));
}

async function postgresRestart(cluster: Cluster, samples: Sample[], setup: Setup): Promise<Result> {
  const from = begin();
  await sleep(2000);
  const t = now();
  cluster.postgres.restart();
  const back = now();
  // Recovered: a write acknowledged through the proxy, and both processes say healthy.
  const probe = setup.users[0]!;
  for (let k = 0; ; k++) {
    const beachId = setup.followBeaches[setup.followBeaches.length - 1 - (k % 100)]!;
    const answer = await request(
      samples,
      'probe',
      `/api/v4/beach/${beachId}/follow`,
      { method: 'POST', headers: { authorization: `Bearer ${probe.token}` } },
      { type: 'follow', userId: probe.id, beachId },
    );
    if (answer.status === 200) break;
    await sleep(100);
  }
  await Promise.all(cluster.apiUrls.map(healthy));
  const recovered = now() - back;
  await sleep(3000);
  const inWindow = samples.filter((s) => s.start >= from && s.start <= now());
  const writes = inWindow.filter((s) => s.write);
  const reads = inWindow.filter((s) => !s.write);
  const codes = new Map<number, number>();
  for (const s of inWindow.filter(failed)) codes.set(s.status, (codes.get(s.status) ?? 0) + 1);
  return line(
    'postgres-restart',
    samples,
    from,
    recovered,
    `PostgreSQL away ${seconds(back - t)} s (recovered counts from its return); failed writes ${writes.filter(failed).length} of ${writes.length}, failed reads ${reads.filter(failed).length} of ${reads.length}; failures by status ${JSON.stringify(Object.fromEntries(codes))}`,
  );
}

async function workerKill(cluster: Cluster, samples: Sample[], setup: Setup): Promise<Result> {
  const from = begin();
  const before = push.accepted;
  const closed = await setStatus(samples, setup, setup.fanOutBeach, {
    status: 'Closed',
    reason: 'shark_sighting',
    message: 'Bench fan-out',
  });
  if (closed.status !== 200) throw new Error(`the fan-out closure answered ${closed.status}: ${closed.text}`);
  // A worker in the middle of it: deliveries have begun and it holds claimed rows.
  const handle = openDatabase({ SQLITE_PATH: '', DATABASE_URL: cluster.databaseUrl });
  let victim: Managed | undefined;
  const deadline = now() + 60_000;
  while (!victim && now() < deadline) {
    if (push.accepted - before > FOLLOWERS / 10) {
      const holders = await handle.db
        .selectFrom('alert_outbox')
        .select('claimed_by')
        .where('status', '=', 'sending')
        .distinct()
        .execute();
      victim = cluster.workers.find((w) =>
        holders.some((h) => h.claimed_by?.startsWith(`worker-${w.child?.pid}-`)),
      );
    }
    if (!victim) await sleep(20);
  }
  await handle.db.destroy();
  if (!victim) throw new Error('no worker was seen holding a batch');
  const killed = now();
  const atKill = push.accepted - before;
  await victim.stop('SIGKILL');
  await victim.start();
  const reached = () => {
    let count = 0;
    for (const times of push.perSubscription.values()) if (times > 0) count++;
    return count;
  };
  while (reached() < FOLLOWERS && now() - killed < 600_000) await sleep(200);
  const recovered = now() - killed;
  let duplicates = 0;
  for (const times of push.perSubscription.values()) duplicates += times - 1;
  return line(
    'worker-kill',
    samples,
    from,
    recovered,
    `${victim.name} killed after ${atKill} of ${FOLLOWERS} deliveries; followers reached ${reached()}/${FOLLOWERS}, duplicates ${duplicates}`,
  );
}

async function stampede(cluster: Cluster, samples: Sample[], setup: Setup): Promise<Result> {
  const from = begin();
  const path = `/api/v4/beach/${setup.stampedeBeach}`;
  const logStart = fs.statSync(cluster.accessLog).size;
  let running = true;
  const seen = new Map<string, number>();
  const stampedeSamples: Sample[] = [];
  const readers = Array.from({ length: STAMPEDE_CONNECTIONS }, async () => {
    while (running) {
      const answer = await request(stampedeSamples, 'detail', path);
      const message = /"status_message":"(Bench stampede \d+)"/.exec(answer.text)?.[1];
      if (message && !seen.has(message)) seen.set(message, now());
    }
  });
  const changes: number[] = [];
  for (let v = 1; v <= 4; v++) {
    const answer = await setStatus(samples, setup, setup.stampedeBeach, {
      status: 'Inclement',
      reason: 'other',
      message: `Bench stampede ${v}`,
    });
    if (answer.status !== 200) throw new Error(`stampede change answered ${answer.status}`);
    changes.push(now());
    await sleep(v < 4 ? 12_000 : 0);
  }
  // Until the readers see the last version (the proxy keeps an answer up to its s-maxage).
  const last = changes.at(-1)!;
  while (!seen.has('Bench stampede 4') && now() - last < 90_000) await sleep(100);
  const staleFor = (seen.get('Bench stampede 4') ?? now()) - last;
  await sleep(2000);
  running = false;
  await Promise.all(readers);
  samples.push(...stampedeSamples);
  // nginx's log is buffered (flushed every second).
  await sleep(1500);
  const lines = fs
    .readFileSync(cluster.accessLog, 'utf8')
    .slice(logStart)
    .split('\n')
    .filter((l) => l.includes(`"${path}"`));
  // Answers from the origin (an upstream address; a cache hit logs "-" and the stored headers).
  const renders = lines.filter((l) => !/upstream=-/.test(l) && /timing="render/.test(l));
  const byProcess = new Map<string, number>();
  const versions = new Set<string>();
  for (const l of renders) {
    const upstream = /upstream=(\S+)/.exec(l)?.[1] ?? '?';
    byProcess.set(upstream, (byProcess.get(upstream) ?? 0) + 1);
    versions.add(/etag=(\S+)/.exec(l)?.[1]?.replace(/-(br|gz)"$/, '"') ?? '?');
  }
  const upstreamFetches = lines.filter((l) => !/upstream=-/.test(l)).length;
  return line(
    'stampede',
    samples,
    from,
    staleFor,
    `${stampedeSamples.length} reads by ${STAMPEDE_CONNECTIONS} connections, ${seen.size} of 4 versions seen through the proxy; origin renders ${renders.length} for ${versions.size} versions rendered (${[...byProcess].map(([k, v]) => `${k}: ${v}`).join(', ')}), ${upstreamFetches} requests reached the origin; recovered = the last change seen by a reader`,
  );
}

async function closure(cluster: Cluster, samples: Sample[], setup: Setup): Promise<Result> {
  const from = begin();
  const { id, path } = setup.closureBeach;
  const readers = 20;
  let closedAt = Number.POSITIVE_INFINITY;
  const message = `Bench closure ${Date.now()}`;
  const sawAt: number[] = Array.from({ length: readers }, () => Number.POSITIVE_INFINITY);
  let running = true;
  // Readers through the proxy, each every second: the beach detail (the app) and the beach page
  // (a browser), alternately; each counts as seeing it once both show the closure.
  const loops = Array.from({ length: readers }, async (_, r) => {
    let sawDetail = false;
    let sawPage = false;
    await sleep(r * 50);
    while (running) {
      const detail = await request(samples, 'detail', `/api/v4/beach/${id}`);
      if (detail.text.includes(message) && now() >= closedAt) sawDetail = true;
      const page = await request(samples, 'page', `/beach${path}`);
      if (page.text.includes(message) && now() >= closedAt) sawPage = true;
      if (sawDetail && sawPage && sawAt[r] === Number.POSITIVE_INFINITY) sawAt[r] = now();
      await sleep(1000);
    }
  });
  // The readers have been reading the open beach for a while (the proxy holds it at some age).
  await sleep(12_000);
  const answer = await setStatus(samples, setup, id, { status: 'Closed', reason: 'shark_sighting', message });
  if (answer.status !== 200) throw new Error(`the closure answered ${answer.status}: ${answer.text}`);
  closedAt = now();
  while (sawAt.some((t) => t === Number.POSITIVE_INFINITY) && now() - closedAt < 120_000) await sleep(200);
  running = false;
  await Promise.all(loops);
  const all = Math.max(...sawAt) - closedAt;
  const first = Math.min(...sawAt) - closedAt;
  return line(
    'closure',
    samples,
    from,
    all,
    `${readers} readers (beach detail and page through the proxy, each every second): first saw it after ${seconds(first)} s, every one after ${seconds(all)} s (target ≤ 60 s)`,
  );
}

/** Writes answered 2xx whose row is missing: follows (follows) and status changes (idempotency_keys). */
async function lostWrites(databaseUrl: string, samples: Sample[]) {
  const handle = openDatabase({ SQLITE_PATH: '', DATABASE_URL: databaseUrl });
  const acked = samples.filter((s) => s.write && s.status >= 200 && s.status < 300);
  const lostSamples: Sample[] = [];
  try {
    const follows = new Set(
      (await handle.db.selectFrom('follows').select(['user_id', 'beach_id']).execute()).map(
        (f) => `${f.user_id}:${f.beach_id}`,
      ),
    );
    const keys = new Set(
      (await handle.db.selectFrom('idempotency_keys').select(['user_id', 'key']).execute()).map(
        (k) => `${k.user_id}:${k.key}`,
      ),
    );
    for (const s of acked) {
      const w = s.write!;
      const present =
        w.type === 'follow' ? follows.has(`${w.userId}:${w.beachId}`) : keys.has(`${w.userId}:${w.key}`);
      if (!present) lostSamples.push(s);
    }
  } finally {
    await handle.db.destroy();
  }
  const inWindow = (name: string) => {
    const w = windows.find((x) => x.name === name)!;
    return lostSamples.filter((s) => s.start >= w.from && s.start <= w.to).length;
  };
  return {
    acknowledged: acked.length,
    total: lostSamples.length,
    outside: lostSamples.filter((s) => !windows.some((w) => s.start >= w.from && s.start <= w.to)).length,
    in: inWindow,
  };
}

/** autocannon through the proxy, then straight to one API process, over the same beach details. */
async function measureThroughput(ids: number[]): Promise<string> {
  const run = (url: string) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url,
          connections: 50,
          duration: 10,
          requests: ids.map((id) => ({
            method: 'GET',
            path: `/api/v4/beach/${id}`,
            headers: { 'accept-encoding': ACCEPT_ENCODING },
          })),
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
  // Warm both caches (the proxy's and the process's) first.
  for (const id of ids) {
    await request(null, 'detail', `/api/v4/beach/${id}`);
    await request(null, 'detail', `/api/v4/beach/${id}`, {}, undefined, cluster.apiUrls[0]);
  }
  const proxied = await run(cluster.proxyUrl);
  const direct = await run(cluster.apiUrls[0]!);
  const describe = (r: autocannon.Result) =>
    `${Math.round(r.requests.average)} req/s (p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors})`;
  return `through the proxy ${describe(proxied)}; straight to one process ${describe(direct)}; ratio ${(proxied.requests.average / Math.max(1, direct.requests.average)).toFixed(2)}`;
}

let cluster!: Cluster;
let clusterReady = false;
let push: WebPushFake;

async function main(): Promise<void> {
  const vapid = webpush.generateVAPIDKeys();
  push = await startWebPushFake({
    vapidPublicKey: vapid.publicKey,
    keepPayloads: false,
    verifyEvery: 50,
    countPerSubscription: true,
  });

  console.log(`Starting the cluster (${BEACHES} synthetic beaches in PostgreSQL)…`);
  const starting = new AbortController();
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await push.close();
    if (!clusterReady) return;
    await cluster.stop();
    fs.rmSync(cluster.dir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      // While it starts, the cluster stops itself (and startCluster throws).
      if (!clusterReady) starting.abort();
      void shutdown().then(() => process.exit(130));
    });
  cluster = await startCluster({
    signal: starting.signal,
    proxyPort: PORT,
    apiPorts: [PORT + 1, PORT + 2],
    postgresPort: 55_434,
    workers: 2,
    prepare: (url) => loadSyntheticBeaches(url, BEACHES),
    env: {
      SAFESHORE_ALLOW_SYNTHETIC: 'true',
      WEATHER_PROVIDERS: 'off',
      // All the load comes from one address: the per-client limit is not what is measured.
      RATE_LIMIT_PER_MINUTE: '100000000',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      WEB_PUSH_ALLOWED_ORIGINS: push.origin,
    },
    log: (line) => console.log(`  ${line}`),
  });
  clusterReady = true;

  try {
    const setup = await prepareData(cluster);
    const samples: Sample[] = [];
    const results: Result[] = [];

    console.log('\nThroughput (autocannon, 50 connections, 10 s each, beach detail over 300 beaches):');
    const throughput = await measureThroughput(setup.readIds);
    console.log(`  ${throughput}`);

    const load = startLoad(setup, samples);
    await sleep(15_000);
    console.log(`\nSteady load: ${RATE} requests/s through the proxy; faults follow.`);

    results.push(await apiKill(cluster, samples));
    await sleep(10_000);
    results.push(await rollingRestart(cluster, samples, setup));
    await sleep(10_000);
    results.push(await postgresRestart(cluster, samples, setup));
    await sleep(10_000);
    results.push(await workerKill(cluster, samples, setup));
    await sleep(5_000);
    results.push(await stampede(cluster, samples, setup));
    await sleep(5_000);
    results.push(await closure(cluster, samples, setup));
    await load.stop();

    const lost = await lostWrites(cluster.databaseUrl, samples);
    const quiet = samples.filter((s) => !windows.some((w) => s.start >= w.from && s.start <= w.to));
    console.log('\nResults (requests started during each fault, through the proxy):');
    for (const result of results) console.log(result.text(lost.in(result.name)));
    console.log(
      `between faults: requests ${quiet.length}, failed ${quiet.filter(failed).length}, acknowledged writes lost ${lost.outside}`,
    );
    console.log(`throughput: ${throughput}`);
    console.log(
      `acknowledged writes: ${lost.acknowledged} (follows and console status changes), lost in all ${lost.total}`,
    );
    console.log(
      `load average (1, 5, 15 min): ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; ${os.availableParallelism()} CPUs shared with the cluster`,
    );
  } finally {
    await shutdown();
  }
}

await main();
