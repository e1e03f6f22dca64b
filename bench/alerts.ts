import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import webpush from 'web-push';
import { openDatabase } from '../apps/api/src/db/connection.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { createSenders, resolveAlertsSettings } from '../apps/api/src/modules/alerts/index.ts';
import { fanOut, insertEvent } from '../apps/api/src/modules/alerts/store.ts';
import { createDeliveryWorker } from '../apps/api/src/modules/alerts/worker.ts';
import { startWebPushFake } from '../apps/api/test/fakes/webpush.ts';

/**
 * `npm run bench:alerts`: one closure at a beach with 100,000 (synthetic) followers, each with a
 * browser subscribed to Web Push, fans out and is delivered by the real delivery worker and the real
 * Web Push sender (VAPID JWT, aes128gcm encryption, HTTP) to the local Web Push endpoint of the
 * tests (apps/api/test/fakes/webpush.ts: it verifies the VAPID JWT and checks every request, and
 * decrypts every BENCH_VERIFY_EVERY-th payload, default 100, so that it does not spend the CPU the
 * sender is measured with; the tests decrypt all), running in its own process (its memory apart
 * from the measured one).
 *
 * It runs each size in a fresh process (default 10,000 then 100,000 followers: BENCH_FOLLOWERS)
 * and prints, per size: fan-out time (the outbox rows written), time from the closure to the last
 * delivery, deliveries per second, and the peak RSS during delivery and over the whole process.
 * Memory should be flat in the number of followers: the fan-out is one INSERT … SELECT and the
 * worker takes the outbox in batches. Each size runs with the same V8 heap cap (64 MB old space), so
 * a run that held the followers in memory would fail. Targets: ≥ 2,000 deliveries/s; peak RSS at
 * 100,000 within 25% of that at 10,000. It also prints the CPU time per delivery of the sending
 * process (with its encryption threads) and of the endpoint, what the peak RSS is made of, and the
 * machine's load average. One `BENCH_JSON {...}` line; exit 1 when a target is missed.
 *
 * Environment: BENCH_FOLLOWERS ("10000,100000"), DATABASE_URL (PostgreSQL instead of a scratch
 * SQLite file), BENCH_WEB_PUSH_PER_SECOND (the per-service rate cap in the bench, default 20,000;
 * production's default ALERTS_WEB_PUSH_PER_SECOND is 1,000 per push service), BENCH_VERIFY_EVERY,
 * BENCH_SEMI_SPACE_MB (8), BENCH_WEB_PUSH_THREADS (1: ALERTS_WEB_PUSH_THREADS).
 */

const AT = '2026-11-22T00:00:00.000Z';
const BEACH_KEY = 'bench-alerts-beach';
const HEAP_MB = 64;
/** The endpoint decrypts every n-th push (BENCH_VERIFY_EVERY, default 100); tests decrypt all. */
const VERIFY_EVERY = Number(process.env.BENCH_VERIFY_EVERY ?? 100);
/**
 * V8's young generation, capped like the old one: left alone it grows (to 64 MB on Node 24) the
 * longer a run allocates, which is what made RSS grow with the followers (see peakRssParts).
 */
const SEMI_SPACE_MB = Number(process.env.BENCH_SEMI_SPACE_MB ?? 8);
/** Threads encrypting Web Push payloads (ALERTS_WEB_PUSH_THREADS), BENCH_WEB_PUSH_THREADS. */
const THREADS = Number(process.env.BENCH_WEB_PUSH_THREADS ?? 1);

interface Result {
  followers: number;
  fanOutMs: number;
  lastDeliveryMs: number;
  deliveriesPerSecond: number;
  delivered: number;
  /** Deliveries the endpoint decrypted and checked (a sample: BENCH_VERIFY_EVERY). */
  decrypted: number;
  peakRssDeliveryMb: number;
  peakRssMb: number;
  /** The machine's 1-minute load average before and after the delivery (2 cores: above 2 is contention). */
  load: [number, number];
  threads: number;
  /** At the delivery's peak: RssAnon/RssFile/RssShmem and V8 heap/external (MB). */
  peakRssParts: Record<string, number>;
  /** CPU time (user + system) per delivery: this process (fan-out, worker, sender) and the endpoint's. */
  senderCpuMsPerDelivery: number;
  endpointCpuMsPerDelivery: number;
}

if (process.env.BENCH_FAKE_KEY) {
  // The Web Push endpoint, in its own process.
  const fake = await startWebPushFake({
    vapidPublicKey: process.env.BENCH_FAKE_KEY,
    keepPayloads: false,
    verifyEvery: VERIFY_EVERY,
  });
  process.on('message', (message: string) => {
    if (message === 'count')
      process.send!({
        accepted: fake.accepted,
        decrypted: fake.decrypted,
        rejected: fake.rejected.length,
        cpuMs: cpuMs(process.cpuUsage()),
      });
    if (message === 'close') void fake.close().then(() => process.exit(0));
  });
  process.send!({ origin: fake.origin });
  // The bench process gone (finished or failed): so is its endpoint.
  process.on('disconnect', () => process.exit(0));
} else if (process.env.BENCH_SETUP) {
  await setUp(Number(process.env.BENCH_SETUP), process.env.BENCH_DB!, process.env.BENCH_ORIGIN!);
  process.exit(0);
} else if (process.env.BENCH_ONE) {
  const result = await runOne(Number(process.env.BENCH_ONE));
  console.log(`RESULT ${JSON.stringify(result)}`);
  process.exit(0);
} else {
  const sizes = (process.env.BENCH_FOLLOWERS ?? '10000,100000').split(',').map(Number);
  const results: Result[] = [];
  for (const size of sizes) {
    // The same small heap for every size: a run that holds followers in memory would fail at 100,000.
    const child = spawnSync(
      process.execPath,
      [`--max-old-space-size=${HEAP_MB}`, `--max-semi-space-size=${SEMI_SPACE_MB}`, import.meta.filename],
      {
        env: { ...process.env, BENCH_ONE: String(size) },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
    if (child.status !== 0 || !line) {
      console.error(child.stdout);
      throw new Error(`bench run for ${size} followers failed`);
    }
    results.push(JSON.parse(line.slice(7)) as Result);
  }
  console.log('\nAlerts fan-out (one closure, Web Push to the local endpoint)\n');
  console.log(
    'followers | fan-out ms | to last delivery ms | deliveries/s | peak RSS delivery MB | CPU ms/delivery (sender, endpoint) | load 1 min (before, after)',
  );
  for (const r of results)
    console.log(
      `${String(r.followers).padStart(9)} | ${String(r.fanOutMs).padStart(10)} | ${String(r.lastDeliveryMs).padStart(19)} | ${String(r.deliveriesPerSecond).padStart(12)} | ${String(r.peakRssDeliveryMb).padStart(20)} | ${`${r.senderCpuMsPerDelivery}, ${r.endpointCpuMsPerDelivery}`.padStart(34)} | ${r.load.join(', ')}`,
    );
  console.log(
    `\n${os.availableParallelism()} CPUs; ${THREADS} encryption thread(s); V8 old space ${HEAP_MB} MB, semi-space ${SEMI_SPACE_MB} MB.`,
  );
  console.log(
    `The endpoint verified every VAPID JWT and decrypted every ${VERIFY_EVERY === 1 ? '' : `${VERIFY_EVERY}th `}payload (${results.map((r) => `${r.decrypted} of ${r.delivered}`).join(', ')}); the tests decrypt every one.`,
  );
  const largest = results.at(-1)!;
  const smallest = results[0]!;
  const rateOk = results.every((r) => r.deliveriesPerSecond >= 2000 && r.delivered === r.followers);
  const flat = largest.peakRssDeliveryMb <= smallest.peakRssDeliveryMb * 1.25;
  console.log(`\ntarget ≥ 2,000 deliveries/s: ${rateOk ? 'met' : 'MISSED'}`);
  console.log(
    `memory flat in followers (peak RSS in delivery at ${largest.followers} ≤ 1.25 × at ${smallest.followers}): ${flat ? 'met' : 'MISSED'}`,
  );
  console.log(
    `BENCH_JSON ${JSON.stringify({ bench: 'alerts', machine: { cpus: os.availableParallelism() }, results, rateOk, flat })}`,
  );
  process.exit(rateOk && flat ? 0 : 1);
}

async function runOne(followers: number): Promise<Result> {
  const vapid = webpush.generateVAPIDKeys();
  const endpoint = fork(import.meta.filename, [], {
    env: { ...process.env, BENCH_FAKE_KEY: vapid.publicKey, BENCH_ONE: '' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ask = <T>(message?: string) =>
    new Promise<T>((resolve) => {
      endpoint.once('message', (answer) => resolve(answer as T));
      if (message) endpoint.send(message);
    });
  const { origin } = await ask<{ origin: string }>();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-alerts-'));
  const file = path.join(dir, 'bench.sqlite');
  // The synthetic followers are written by another process, so this one's memory is the delivery's.
  const setup = spawnSync(process.execPath, [import.meta.filename], {
    env: {
      ...process.env,
      BENCH_SETUP: String(followers),
      BENCH_DB: file,
      BENCH_ORIGIN: origin,
      BENCH_ONE: '',
    },
    stdio: 'inherit',
  });
  if (setup.status !== 0) throw new Error('bench set-up failed');
  const handle = openDatabase({ SQLITE_PATH: file, DATABASE_URL: process.env.DATABASE_URL });
  const db = handle.db;
  const at = AT;
  const clock = () => new Date(at);
  const beach = await db
    .selectFrom('beaches')
    .select('id')
    .where('key', '=', BEACH_KEY)
    .executeTakeFirstOrThrow();
  const stamp = Date.now();

  const settings = resolveAlertsSettings({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    WEB_PUSH_ALLOWED_ORIGINS: [origin],
    ALERTS_WEB_PUSH_THREADS: THREADS,
  });
  const senders = createSenders(settings);
  const worker = createDeliveryWorker({
    db,
    dialect: handle.dialect,
    clock,
    ...senders,
    maxAttempts: 8,
    retryBaseMs: 30_000,
    fcmPerSecond: 500,
    webPushPerSecond: Number(process.env.BENCH_WEB_PUSH_PER_SECOND ?? 20_000),
    batchSize: 1000,
    concurrency: 128,
  });
  let peakDelivery = process.memoryUsage().rss;
  let peakParts = memoryParts();
  const sampler = setInterval(() => {
    const rss = process.memoryUsage().rss;
    if (rss > peakDelivery) {
      peakDelivery = rss;
      peakParts = memoryParts();
    }
  }, 50);
  const endpointCpuBefore = (await ask<{ cpuMs: number }>('count')).cpuMs;
  const loadBefore = os.loadavg()[0]!;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    const eventId = await insertEvent(
      trx,
      {
        dedupeKey: `bench:${stamp}`,
        kind: 'status',
        beachId: beach.id,
        state: 'NSW',
        title: 'Closed',
        body: 'Shark sighting — set by lifesavers at 11:00 am.',
        source: 'bench',
        occurredAt: at,
      },
      at,
    );
    await fanOut(trx, eventId!, [beach.id], { column: 'status' }, at);
  });
  const fannedOut = performance.now();
  await worker.drain();
  const finished = performance.now();
  clearInterval(sampler);
  peakDelivery = Math.max(peakDelivery, process.memoryUsage().rss);
  const senderCpuMs = cpuMs(process.cpuUsage(cpuBefore));
  const loadAfter = os.loadavg()[0]!;
  await senders.webPush?.close?.();
  const {
    accepted,
    decrypted,
    cpuMs: endpointCpuAfter,
  } = await ask<{
    accepted: number;
    decrypted: number;
    rejected: number;
    cpuMs: number;
  }>('count');
  endpoint.send('close');
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    followers,
    fanOutMs: Math.round(fannedOut - started),
    lastDeliveryMs: Math.round(finished - started),
    deliveriesPerSecond: Math.round(accepted / ((finished - started) / 1000)),
    delivered: accepted,
    decrypted,
    peakRssDeliveryMb: Math.round(peakDelivery / 1048576),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    peakRssParts: peakParts,
    load: [Number(loadBefore.toFixed(2)), Number(loadAfter.toFixed(2))],
    threads: THREADS,
    senderCpuMsPerDelivery: Number((senderCpuMs / Math.max(1, accepted)).toFixed(3)),
    endpointCpuMsPerDelivery: Number(
      ((endpointCpuAfter - endpointCpuBefore) / Math.max(1, accepted)).toFixed(3),
    ),
  };
}

/** What the RSS is made of (MB): anonymous, file-backed and shared pages, and V8's parts. */
function memoryParts(): Record<string, number> {
  const parts: Record<string, number> = {};
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    for (const name of ['RssAnon', 'RssFile', 'RssShmem']) {
      const kb = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
      if (kb) parts[name] = Math.round(Number(kb) / 1024);
    }
  } catch {
    // not Linux: V8's figures only
  }
  const m = process.memoryUsage();
  parts.heapUsed = Math.round(m.heapUsed / 1048576);
  parts.heapTotal = Math.round(m.heapTotal / 1048576);
  parts.external = Math.round(m.external / 1048576);
  parts.arrayBuffers = Math.round(m.arrayBuffers / 1048576);
  for (const space of v8.getHeapSpaceStatistics())
    parts[space.space_name] = Math.round(space.space_size / 1048576);
  return parts;
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

/** Writes one beach and `followers` followers, each with a browser subscribed at `origin`. */
async function setUp(followers: number, file: string, origin: string): Promise<void> {
  const handle = openDatabase({ SQLITE_PATH: file, DATABASE_URL: process.env.DATABASE_URL });
  await migrateToLatest(handle);
  const db = handle.db;
  const at = AT;
  // A previous run's beach (PostgreSQL keeps its data) goes first, with its followers' rows.
  await db.deleteFrom('beaches').where('key', '=', BEACH_KEY).execute();
  await db.deleteFrom('users').where('email', 'like', 'bench.%@example.invalid').execute();
  const beach = await db
    .insertInto('beaches')
    .values({
      key: BEACH_KEY,
      slug: 'bench-beach',
      title: 'Bench Beach',
      search_name: 'bench beach',
      state: 'NSW',
      area: 'Bench',
      area_slug: 'bench',
      city: 'Bench',
      city_slug: 'bench',
      postcode: '2000',
      latitude: -33.89,
      longitude: 151.27,
      timezone: 'Australia/Sydney',
      description: '{}',
      data_source: 'synthetic benchmark',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Synthetic followers, written in batches (generation is not what is measured).
  const sub = await startWebPushFake({ vapidPublicKey: 'unused' });
  const keys = sub.subscriptionFor('b0').keys; // bench subscriptions share one derived key pair
  await sub.close();
  const stamp = Date.now();
  for (let i = 0; i < followers; i += 1000) {
    const n = Math.min(1000, followers - i);
    await db.transaction().execute(async (trx) => {
      const users = await trx
        .insertInto('users')
        .values(
          Array.from({ length: n }, (_, k) => ({
            first_name: 'Bench',
            last_name: 'Follower',
            email: `bench.${stamp}.${i + k}@example.invalid`,
            password_hash: null,
            created_at: at,
            updated_at: at,
          })),
        )
        .returning('id')
        .execute();
      await trx
        .insertInto('follows')
        .values(users.map((u) => ({ user_id: u.id, beach_id: beach.id, created_at: at })))
        .execute();
      await trx
        .insertInto('push_subscriptions')
        .values(
          users.map((u) => ({
            user_id: u.id,
            endpoint: `${origin}/push/b${u.id}`,
            p256dh: keys.p256dh,
            auth: keys.auth,
            created_at: at,
            api_token_id: null,
          })),
        )
        .execute();
    });
  }
  await db.destroy();
}
