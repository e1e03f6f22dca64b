import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { SYNC_PAGE_MAX, type SyncResponse } from '@safeshore/domain';
import type { VersionSource } from '../read-model/versioned.ts';
import { addVary, chooseEncoding, matchesIfNoneMatch } from '../read-model/cache.ts';
import type { SyncService } from './sync.service.ts';

const brotliDecompress = promisify(zlib.brotliDecompress);

/**
 * The first offline sync from a snapshot (issue 20): GET /api/v4/sync/snapshot is the whole beach
 * set as one full sync page (a SyncResponse with `full: true`, `has_more: false`, full
 * descriptions), compressed once with brotli and served as a file is, with a strong ETag. The
 * client stores it, then asks POST /api/v4/sync for the changes after its cursor, so a snapshot
 * some minutes old costs only a small delta and is never wrong.
 *
 * Size and build time, measured on 12,000 synthetic beaches (33 MB of JSON, docs/decisions.md):
 * brotli 11 with its default 4 MB window is 3.76 MB in one to three minutes of one core; quality 10
 * with a 16 MB window (SNAPSHOT_LGWIN) is 3.83 MB (+1.8%) in under half the time; quality 9 and
 * below are 19% larger and more. So the served one is quality 10, window 24, built in two stages:
 *
 * - a process with nothing to serve (just started) builds a quick one first (quality
 *   SNAPSHOT_QUICK_QUALITY, seconds), serves it, and builds the final one right after,
 *   which replaces it;
 * - after that, a data version change rebuilds the final one in the background, at most once per
 *   SNAPSHOT_MIN_INTERVAL_MS, while the previous snapshot is served: it is still correct, as the
 *   client's delta sync from its cursor brings the changes since.
 *
 * Compression runs in a process of its own at the lowest priority (snapshot-compressor.ts, JSON
 * piped in, brotli out): in this process's thread pool it would be off the event loop but would
 * still compete with it for the cores (the benchmark measures /healthz and autocomplete during a
 * build: `npm run bench:offline`). Reading and serialising stay here, in small slices. The ETag
 * names the version, a hash of the JSON and the quality (different bytes, different tag). Before
 * the first (quick) build is done the route waits for it up to FIRST_BUILD_WAIT_MS, then answers
 * 503 with Retry-After, and the client syncs page by page as before.
 */
export const FIRST_BUILD_WAIT_MS = 5_000;
export const SNAPSHOT_MIN_INTERVAL_MS = 5 * 60_000;
export const SNAPSHOT_PATH = '/api/v4/sync/snapshot';
/** Browsers and CDNs may keep it a while: the delta sync after it brings the client up to date. */
export const SNAPSHOT_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
/**
 * The final snapshot's brotli quality: 10 with the 16 MB window is within 2% of brotli 11 with its
 * default window (the benchmark's size target is 5%) at less than half of 11's build time.
 */
export const SNAPSHOT_QUALITY = 10;
/**
 * A process's first snapshot, served until the final one is built: quality 4 is a different, much
 * faster algorithm than 5 and up (0.4 s against 2-4 s on 33 MB) for 46% more bytes than the final one.
 */
export const SNAPSHOT_QUICK_QUALITY = 4;
/**
 * Brotli window: 16 MB (24, the largest a browser decodes) rather than the default 4 MB: 3% smaller
 * at quality 10 and 11 on 33 MB of JSON, and no slower.
 */
export const SNAPSHOT_LGWIN = 24;
/**
 * Beaches read from the database at a time while building. node:sqlite is synchronous: a read of
 * 2,000 beaches with their descriptions holds the event loop for a noticeable while on a busy
 * machine, so the build reads less at a time and lets waiting requests run between reads.
 */
const SNAPSHOT_READ_PAGE = Math.min(SYNC_PAGE_MAX, 250);
/** The compressor process's script (JSON on stdin, brotli on stdout, at low priority). */
const COMPRESSOR = fileURLToPath(new URL('./snapshot-compressor.ts', import.meta.url));
/** JSON handed to the brotli encoder at a time (each piece is one job in libuv's thread pool). */
const WRITE_BYTES = 2 * 1024 * 1024;

export interface Snapshot {
  version: number;
  /** The JSON, brotli at `quality`. */
  br: Buffer;
  /** SNAPSHOT_QUALITY, or SNAPSHOT_QUICK_QUALITY for a process's first one until that is built. */
  quality: number;
  /** Wall time of the build (reading, serialising, compressing). */
  buildMs: number;
  /** Uncompressed size, for logs and the benchmark. */
  jsonBytes: number;
  tag: string;
  beaches: number;
  cursor: string;
}

export interface SnapshotOptions {
  service: SyncService;
  versions: VersionSource;
  minIntervalMs?: number;
  /** Beaches read at a time while building (tests use a small one). */
  readPageSize?: number;
  /**
   * Compress in a low-priority process of its own (default), so that on a busy machine the kernel
   * runs this process's event loop before brotli; false: in this process's thread pool.
   */
  separateProcess?: boolean;
  /** Quality of a process's first snapshot (tests may set it to SNAPSHOT_QUALITY: one stage). */
  quickQuality?: number;
  onError?: (error: unknown) => void;
  /** Told of every finished build (logs, tests). */
  onBuilt?: (snapshot: Snapshot) => void;
}

export function createSyncSnapshot({
  service,
  versions,
  minIntervalMs = SNAPSHOT_MIN_INTERVAL_MS,
  readPageSize = SNAPSHOT_READ_PAGE,
  quickQuality = SNAPSHOT_QUICK_QUALITY,
  separateProcess = true,
  onError = () => {},
  onBuilt = () => {},
}: SnapshotOptions) {
  let current: Snapshot | null = null;
  let building: Promise<Snapshot> | null = null;
  let lastStart = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | null = null;

  /**
   * Every beach as one full page, read page by page (SNAPSHOT_READ_PAGE beaches at a time, through
   * the sync service's own full stream) and serialised straight into a streaming brotli encoder:
   * neither all the rows nor the whole JSON are ever in memory at once (with 50,000 beaches they
   * would be over a gigabyte). A beach changed during the build comes again in a later page (the
   * client stores beaches in order, so the later one wins); keys whose last change in the stream is
   * a delete are listed in `beaches_delete`, which the client applies after the beaches.
   */
  async function build(version: number, quality: number): Promise<Snapshot> {
    const started = performance.now();
    let encoder: Writable | null = null;
    const chunks: Buffer[] = [];
    let finished: Promise<unknown> | null = null;
    /**
     * Made once the first page says how big the whole will be: brotli's size hint (on 33 MB,
     * quality 4 streamed without one is 15% larger). In a low-priority process of its own
     * (snapshot-compressor.ts), or in this process's thread pool when `separateProcess` is off.
     */
    const open = (sizeHint: number): Writable => {
      const hint = Math.min(Math.max(0, Math.round(sizeHint)), 2 ** 30);
      if (!separateProcess) {
        const made = zlib.createBrotliCompress({
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
            [zlib.constants.BROTLI_PARAM_LGWIN]: SNAPSHOT_LGWIN,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: hint,
          },
        });
        made.on('data', (chunk: Buffer) => chunks.push(chunk));
        finished = once(made, 'end');
        return made;
      }
      const child = spawn(
        process.execPath,
        [COMPRESSOR, String(quality), String(SNAPSHOT_LGWIN), String(hint)],
        {
          stdio: ['pipe', 'pipe', 'inherit'],
        },
      );
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      finished = new Promise<void>((resolve, reject) => {
        child.on('error', reject);
        child.on('close', (code, signal) =>
          code === 0 ? resolve() : reject(new Error(`snapshot compressor ended with ${code ?? signal}`)),
        );
      });
      // A compressor that dies shows when `finished` is awaited (not as an unhandled rejection
      // before), and a write to its closed stdin must not throw.
      finished.catch(() => undefined);
      child.stdin.on('error', () => undefined);
      return child.stdin;
    };
    const hash = crypto.createHash('sha256');
    let jsonBytes = 0;
    // Text is handed to the encoder in pieces of WRITE_BYTES: one thread-pool job per piece.
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (!encoder || pendingBytes === 0) return;
      const bytes = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      if (!encoder.write(bytes)) await once(encoder, 'drain');
    };
    const write = async (text: string) => {
      const bytes = Buffer.from(text, 'utf8');
      hash.update(bytes);
      jsonBytes += bytes.length;
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= WRITE_BYTES) await flush();
    };

    await write('{"beaches_upsert":[');
    let count = 0;
    let total = 0;
    const lastChange = new Map<string, 'upsert' | 'delete'>();
    let page: SyncResponse;
    let since: string | null = null;
    do {
      // node:sqlite reads block the event loop: small pages, and requests go first between them.
      if (since !== null) await new Promise((resolve) => setImmediate(resolve));
      page = await service.page({ since, limit: readPageSize });
      if (since === null) total = page.total;
      for (const key of page.beaches_delete) lastChange.set(key, 'delete');
      for (let i = 0; i < page.beaches_upsert.length; i += 100) {
        const part = page.beaches_upsert.slice(i, i + 100);
        for (const beach of part) if (lastChange.has(beach.key)) lastChange.set(beach.key, 'upsert');
        await write(`${count === 0 ? '' : ','}${part.map((beach) => JSON.stringify(beach)).join(',')}`);
        count += part.length;
      }
      // The previous snapshot's size, or this page's bytes per beach times the total.
      encoder ??= open(current?.jsonBytes ?? (jsonBytes / Math.max(1, count)) * Math.max(total, count));
      since = page.cursor;
    } while (page.has_more);
    const deletes = [...lastChange].filter(([, change]) => change === 'delete').map(([key]) => key);
    const rest: Omit<SyncResponse, 'beaches_upsert'> = {
      beaches_delete: deletes,
      beaches_synced_at: page.beaches_synced_at,
      cursor: page.cursor,
      has_more: false,
      full: true,
      total: Math.max(total, count + deletes.length),
    };
    await write(`],${JSON.stringify(rest).slice(1)}`);
    encoder ??= open(jsonBytes);
    await flush();
    encoder.end();
    await finished;
    const tag = `s${version}-${hash.digest('base64url').slice(0, 22)}-q${quality}`;
    return {
      version,
      br: Buffer.concat(chunks),
      quality,
      buildMs: performance.now() - started,
      jsonBytes,
      tag,
      beaches: count,
      cursor: page.cursor,
    };
  }

  /** Whether `snapshot` is the final one for `version` (nothing more to build for it). */
  const finalFor = (snapshot: Snapshot | null, version: number) =>
    snapshot !== null && snapshot.version === version && snapshot.quality >= SNAPSHOT_QUALITY;

  /**
   * Starts a build for the current version if none runs and the last one is old enough: a quick
   * one when there is nothing to serve, else the final one (at once after a quick one).
   */
  async function refresh(force = false): Promise<void> {
    if (building) return;
    const version = await versions.version();
    if (finalFor(current, version) || building) return;
    const wait = lastStart + minIntervalMs - performance.now();
    const upgrade = current !== null && current.quality < SNAPSHOT_QUALITY;
    if (!force && !upgrade && current && wait > 0) {
      timer ??= setTimeout(() => {
        timer = null;
        void refresh();
      }, wait);
      timer.unref();
      return;
    }
    const quality = current ? SNAPSHOT_QUALITY : Math.min(quickQuality, SNAPSHOT_QUALITY);
    lastStart = performance.now();
    building = build(version, quality);
    let built: Snapshot | null = null;
    try {
      built = await building;
      if (!current || current.version < built.version || current.quality <= built.quality) current = built;
      onBuilt(built);
    } catch (error) {
      onError(error);
    } finally {
      building = null;
    }
    // The quick one is served now; the final one follows at once.
    if (built && built.quality < SNAPSHOT_QUALITY) void refresh(true);
  }

  // Rebuilt ahead of requests only once someone has asked for one.
  versions.onVersionChange(() => {
    if (current) void refresh();
  });

  return {
    /** The snapshot being served (null before the first build). */
    current: () => current,
    refresh,
    /** Builds the final one for the current version now and waits for it (tests, benchmarks). */
    async ready(): Promise<Snapshot> {
      for (;;) {
        if (building) await building.catch(() => undefined);
        const version = await versions.version();
        if (current && finalFor(current, version)) return current;
        await refresh(true);
      }
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

export type SyncSnapshot = ReturnType<typeof createSyncSnapshot>;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

export function snapshotRoute(app: FastifyInstance, snapshot: SyncSnapshot): void {
  app.addHook('onClose', async () => snapshot.stop());
  app.get(SNAPSHOT_PATH, { compress: false }, async (request, reply) => {
    const refreshing = snapshot.refresh();
    // The very first build: wait for it a little (a few hundred beaches take well under a second).
    if (!snapshot.current()) await Promise.race([refreshing, delay(FIRST_BUILD_WAIT_MS)]);
    const served = snapshot.current();
    if (!served) {
      reply.header('Retry-After', '30').header('Cache-Control', 'no-store');
      return reply.code(503).send({ message: 'The offline snapshot is being prepared. Try again shortly.' });
    }
    const br = chooseEncoding(request.headers['accept-encoding']) === 'br';
    addVary(reply, 'Accept-Encoding');
    reply.header('Cache-Control', SNAPSHOT_CACHE_CONTROL).header('ETag', `"${served.tag}${br ? '-br' : ''}"`);
    if (matchesIfNoneMatch(request.headers['if-none-match'], served.tag)) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    // Every browser takes brotli; anything else gets the JSON as is.
    if (br) return reply.header('Content-Encoding', 'br').send(served.br);
    return reply.send(await brotliDecompress(served.br));
  });
}
