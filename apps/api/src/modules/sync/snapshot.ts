import crypto from 'node:crypto';
import { once } from 'node:events';
import { promisify } from 'node:util';
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
 * descriptions), compressed once with brotli at quality 11 and served as a file is, with a strong
 * ETag. The client stores it, then asks POST /api/v4/sync for the changes after its cursor, so a
 * snapshot some minutes old costs only a small delta and is never wrong.
 *
 * It is rebuilt in the background when the data version has changed, at most once per
 * SNAPSHOT_MIN_INTERVAL_MS (brotli 11 on 12,000 beaches takes seconds of CPU, off the event loop
 * in libuv's thread pool); meanwhile the previous one is served. Before the first build is done
 * the route waits for it up to FIRST_BUILD_WAIT_MS, then answers 503 with Retry-After, and the
 * client syncs page by page as before.
 */
export const FIRST_BUILD_WAIT_MS = 5_000;
export const SNAPSHOT_MIN_INTERVAL_MS = 5 * 60_000;
export const SNAPSHOT_PATH = '/api/v4/sync/snapshot';
/** Browsers and CDNs may keep it a while: the delta sync after it brings the client up to date. */
export const SNAPSHOT_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
/** Beaches read from the database at a time while building (the sync's own largest page). */
const SNAPSHOT_READ_PAGE = SYNC_PAGE_MAX;

export interface Snapshot {
  version: number;
  /** The JSON, brotli quality 11. */
  br: Buffer;
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
  onError?: (error: unknown) => void;
}

export function createSyncSnapshot({
  service,
  versions,
  minIntervalMs = SNAPSHOT_MIN_INTERVAL_MS,
  readPageSize = SNAPSHOT_READ_PAGE,
  onError = () => {},
}: SnapshotOptions) {
  let current: Snapshot | null = null;
  let building: Promise<Snapshot> | null = null;
  let lastStart = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | null = null;

  /**
   * Every beach as one full page, read page by page (SNAPSHOT_READ_PAGE beaches at a time, through
   * the sync service's own full stream) and serialised straight into a streaming brotli 11 encoder:
   * neither all the rows nor the whole JSON are ever in memory at once (with 50,000 beaches they
   * would be over a gigabyte). A beach changed during the build comes again in a later page (the
   * client stores beaches in order, so the later one wins); keys whose last change in the stream is
   * a delete are listed in `beaches_delete`, which the client applies after the beaches.
   */
  async function build(version: number): Promise<Snapshot> {
    const encoder = zlib.createBrotliCompress({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
    const chunks: Buffer[] = [];
    encoder.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finished = once(encoder, 'end');
    const hash = crypto.createHash('sha256');
    let jsonBytes = 0;
    const write = async (text: string) => {
      const bytes = Buffer.from(text, 'utf8');
      hash.update(bytes);
      jsonBytes += bytes.length;
      if (!encoder.write(bytes)) await once(encoder, 'drain');
    };

    await write('{"beaches_upsert":[');
    let count = 0;
    let total = 0;
    const lastChange = new Map<string, 'upsert' | 'delete'>();
    let page: SyncResponse;
    let since: string | null = null;
    do {
      page = await service.page({ since, limit: readPageSize });
      if (since === null) total = page.total;
      for (const key of page.beaches_delete) lastChange.set(key, 'delete');
      for (let i = 0; i < page.beaches_upsert.length; i += 100) {
        const part = page.beaches_upsert.slice(i, i + 100);
        for (const beach of part) if (lastChange.has(beach.key)) lastChange.set(beach.key, 'upsert');
        await write(`${count === 0 ? '' : ','}${part.map((beach) => JSON.stringify(beach)).join(',')}`);
        count += part.length;
      }
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
    encoder.end();
    await finished;
    const tag = `s${version}-${hash.digest('base64url').slice(0, 22)}`;
    return { version, br: Buffer.concat(chunks), jsonBytes, tag, beaches: count, cursor: page.cursor };
  }

  /** Starts a build for the current version if none runs and the last one is old enough. */
  async function refresh(force = false): Promise<void> {
    if (building) return;
    const version = await versions.version();
    if (current?.version === version || building) return;
    const wait = lastStart + minIntervalMs - performance.now();
    if (!force && current && wait > 0) {
      timer ??= setTimeout(() => {
        timer = null;
        void refresh();
      }, wait);
      timer.unref();
      return;
    }
    lastStart = performance.now();
    building = build(version);
    try {
      const built = await building;
      if (!current || current.version <= built.version) current = built;
    } catch (error) {
      onError(error);
    } finally {
      building = null;
    }
  }

  // Rebuilt ahead of requests only once someone has asked for one.
  versions.onVersionChange(() => {
    if (current) void refresh();
  });

  return {
    /** The snapshot being served (null before the first build). */
    current: () => current,
    refresh,
    /** Builds one for the current version now and waits for it (tests, benchmarks). */
    async ready(): Promise<Snapshot> {
      for (;;) {
        if (building) await building.catch(() => undefined);
        const version = await versions.version();
        if (current?.version === version) return current;
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
