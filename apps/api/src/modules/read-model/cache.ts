/**
 * The versioned read model: finished public responses cached in process, keyed by the public data
 * version, with strong ETags, 304s and CDN-friendly Cache-Control (issue 20).
 *
 * Usage, in a route handler (API reads, and server-rendered pages alike):
 *
 *   app.get('/api/v4/thing/:id', (request, reply) =>
 *     readModel.cachedPublicResponse(request, reply, { policy: CACHE_POLICIES.beach }, () =>
 *       service.thing(request.params.id),
 *     ),
 *   );
 *
 * `produce` runs only on a miss; its value is serialised once (JSON.stringify, as Fastify would;
 * a `rawBody(html, 'text/html; charset=utf-8')` result is stored as is, e.g. a rendered page) and
 * its br/gzip bodies are compressed once, on the first request that asks for each encoding. The
 * key is the method, URL (path and query) and `key` (anything else the answer depends on: a POST
 * body, a header); the data version is implicit: when it changes, every entry goes. Errors thrown
 * by `produce` (404, 422) are not cached and reach the error handler as before.
 *
 * Server-rendered pages: `app.readModel.cachedPublicResponse(request, reply, { policy, key },
 * async () => rawBody(html, 'text/html; charset=utf-8'))`, with a policy of your own
 * (`{ name, ttlMs, cacheControl }`); a page that shows what a beach detail shows should take the
 * name 'beach' and its TTL, so it follows the same upstream stamps (see ReadModelOptions.factStamps).
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/schema.ts';
import { createVersionWatcher, VERSION_CHECK_INTERVAL_MS, type VersionWatcher } from './version.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli quality of cached bodies. 6, not higher: on a 7 KB location answer quality 9 takes 15 times
 * as long (1.8 ms against 0.12) for 0.3% fewer bytes, and answers that are asked once (a new
 * coordinate) pay it in full.
 */
export const CACHE_BROTLI_QUALITY = 6;
/** Bodies smaller than this are sent uncompressed (as @fastify/compress's threshold). */
const COMPRESS_THRESHOLD = 1024;
/** Memory bound of one process's cache (JSON plus compressed bodies), least recently used out first. */
export const READ_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * How long one kind of answer may be kept, in process and by HTTP caches.
 *
 * - `ttlMs`: the in-process limit on the app's clock, for answers that depend on time as well as
 *   on data (patrolled today, statuses that expire, provider data with ages, "rendered at"): they
 *   are produced again at least this often, whatever the version. Null: only a write ends it.
 * - `cacheControl`: what browsers and CDNs are told. A closure must reach readers within a minute
 *   through a CDN: safety answers use max-age + stale-while-revalidate <= 60 s.
 * - `cdnCacheControl`: for safety answers, browsers are told to ask every time (`max-age=0,
 *   must-revalidate`: a 304 when nothing changed, never a closure hidden behind their own cache),
 *   while shared caches keep them `s-maxage` seconds and CDNs that read `CDN-Cache-Control`
 *   (RFC 9213) also serve stale while revalidating.
 */
export interface CachePolicy {
  /** Names the kind of answer (ReadModelOptions.factStamps are per kind). */
  name: string;
  ttlMs: number | null;
  cacheControl: string;
  /** Sent as CDN-Cache-Control (RFC 9213), for CDNs only. */
  cdnCacheControl?: string;
  /** Compressed bodies vary with Accept-Encoding (false for POST answers no shared cache keeps). */
  vary?: boolean;
}

/** Safety answers (beach detail, map boxes, rendered pages): browsers ask every time, CDNs keep 30 s. */
export const SAFETY_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, must-revalidate';
export const SAFETY_CDN_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=30';

export const CACHE_POLICIES = {
  /** Beach detail: status, warnings, patrols today, water quality (with ages). */
  beach: {
    name: 'beach',
    ttlMs: 30_000,
    cacheControl: SAFETY_CACHE_CONTROL,
    cdnCacheControl: SAFETY_CDN_CACHE_CONTROL,
  },
  /** Map boxes: list beaches with their status and patrolled today. */
  map: {
    name: 'map',
    ttlMs: 30_000,
    cacheControl: SAFETY_CACHE_CONTROL,
    cdnCacheControl: SAFETY_CDN_CACHE_CONTROL,
  },
  /**
   * POST /api/v4/location: never kept by shared caches (a POST, and the answer may depend on the
   * caller's address); in process like the map.
   */
  location: { name: 'location', ttlMs: 30_000, cacheControl: 'private, no-cache', vary: false },
  /** Names, places and links only: no safety facts. A removed beach disappears within 3 minutes. */
  autocomplete: {
    name: 'autocomplete',
    ttlMs: null,
    cacheControl: 'public, max-age=60, stale-while-revalidate=120',
  },
  /** Surf-safety articles: editorial text. */
  article: { name: 'article', ttlMs: null, cacheControl: 'public, max-age=300, stale-while-revalidate=600' },
} as const satisfies Record<string, CachePolicy>;

const RAW = Symbol('raw body');

/** A result that is not JSON (a rendered page): stored and sent as given. Make one with rawBody(). */
export interface RawBody {
  [RAW]: true;
  body: string | Buffer;
  contentType: string;
}

/** Wraps a finished non-JSON body (e.g. server-rendered HTML) for cachedPublicResponse. */
export function rawBody(body: string | Buffer, contentType: string): RawBody {
  return { [RAW]: true, body, contentType };
}

interface Entry {
  version: number;
  createdAt: number;
  /** The policy's fact stamp when produced (see ReadModelOptions.factStamps). */
  stamp: string;
  status: number;
  contentType: string;
  /** Base of the strong ETags: a hash of the body; each encoding adds its suffix. */
  tag: string;
  identity: Buffer;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
  bytes: number;
}

export interface CachedResponseOptions {
  policy: CachePolicy;
  /** What else the answer depends on besides method and URL (a POST body, a header). */
  key?: string;
  /** Status of a cached answer (default 200). */
  status?: number;
}

export interface ReadModel {
  /**
   * Answers from the cache when it holds this request's answer for the current data version (and
   * within the policy's TTL), else runs `produce` once for all requests waiting on the same key.
   * Sets ETag (strong, per encoding), Cache-Control and Vary; If-None-Match → 304.
   */
  cachedPublicResponse(
    request: FastifyRequest,
    reply: FastifyReply,
    options: CachedResponseOptions,
    produce: () => Promise<unknown>,
  ): Promise<FastifyReply>;
  /** The current public data version (checked at most every VERSION_CHECK_INTERVAL_MS). */
  version(): Promise<number>;
  /** Runs when another version is seen (indexes and snapshots rebuild on it). */
  onVersionChange(listener: (version: number) => void): void;
  /** Cache figures, for tests and benchmarks. */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
  /** Empties the cache (tests). */
  clear(): void;
}

export interface ReadModelOptions {
  db: Database;
  clock?: () => Date;
  maxBytes?: number;
  versionCheckIntervalMs?: number;
  watcher?: VersionWatcher;
  /**
   * Per policy name: a stamp of data from outside the database that answers of that kind carry
   * (the water quality feed's fetch time, the provider caches' generation). A cached answer is
   * used only while its stamp is unchanged, so new upstream data shows at once, not after the TTL.
   */
  factStamps?: Record<string, () => string>;
}

/** The encoding to send: br, then gzip, when accepted (q=0 refuses); null for identity. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

const SUFFIX = { br: '-br', gzip: '-gz' } as const;

/** The strong ETag of one representation: the body's hash, with the content coding's suffix. */
function etagOf(tag: string, encoding: 'br' | 'gzip' | null): string {
  return `"${tag}${encoding ? SUFFIX[encoding] : ''}"`;
}

/**
 * If-None-Match against a body hash: any representation of the same body matches (the client
 * holds those bytes, in whichever coding it received them), "*" matches anything.
 */
export function matchesIfNoneMatch(header: string | string[] | undefined, tag: string): boolean {
  if (!header) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  for (const raw of text.split(',')) {
    const value = raw.trim();
    if (value === '*') return true;
    const match = /^(?:W\/)?"([^"]*)"$/.exec(value);
    if (!match) continue;
    const base = match[1]!.replace(/-(?:br|gz)$/, '');
    if (base === tag) return true;
  }
  return false;
}

export function hashBody(body: Buffer): string {
  return crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27);
}

export function createReadModel({
  db,
  clock = () => new Date(),
  maxBytes = READ_CACHE_MAX_BYTES,
  versionCheckIntervalMs = VERSION_CHECK_INTERVAL_MS,
  watcher = createVersionWatcher(db, versionCheckIntervalMs),
  factStamps = {},
}: ReadModelOptions): ReadModel {
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry>>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let cachedVersion: number | null = null;

  const clear = () => {
    entries.clear();
    pending.clear();
    bytes = 0;
  };
  watcher.onChange(() => clear());

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  const store = (key: string, entry: Entry) => {
    remove(key);
    if (entry.bytes > maxBytes / 4) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    while (bytes > maxBytes) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      remove(oldest);
    }
  };

  const compressed = (key: string, entry: Entry, encoding: 'br' | 'gzip'): Promise<Buffer> => {
    const existing = entry[encoding];
    if (existing) return existing;
    const promise =
      encoding === 'br'
        ? brotli(entry.identity, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: CACHE_BROTLI_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.identity.length,
            },
          })
        : gzip(entry.identity, { level: 6 });
    entry[encoding] = promise;
    void promise.then(
      (body) => {
        // Counted once it exists; an entry evicted meanwhile is no longer in the map.
        if (entries.get(key) === entry) {
          entry.bytes += body.length;
          bytes += body.length;
        }
      },
      () => {
        delete entry[encoding];
      },
    );
    return promise;
  };

  async function entryFor(
    key: string,
    version: number,
    options: CachedResponseOptions,
    produce: () => Promise<unknown>,
  ): Promise<Entry> {
    const now = clock().getTime();
    const found = entries.get(key);
    const ttl = options.policy.ttlMs;
    const stamp = factStamps[options.policy.name]?.() ?? '';
    if (
      found &&
      found.version === version &&
      found.stamp === stamp &&
      (ttl === null || (now >= found.createdAt && now - found.createdAt < ttl))
    ) {
      hits++;
      entries.delete(key);
      entries.set(key, found);
      return found;
    }
    const waiting = pending.get(key);
    if (waiting) {
      hits++;
      return waiting;
    }
    misses++;
    const promise = (async () => {
      const value = await produce();
      const raw = isRawBody(value) ? value : null;
      const identity = raw
        ? Buffer.isBuffer(raw.body)
          ? raw.body
          : Buffer.from(raw.body, 'utf8')
        : Buffer.from(JSON.stringify(value), 'utf8');
      const entry: Entry = {
        version,
        createdAt: now,
        stamp,
        status: options.status ?? 200,
        contentType: raw?.contentType ?? 'application/json; charset=utf-8',
        tag: hashBody(identity),
        identity,
        bytes: identity.length + key.length * 2 + 200,
      };
      if (cachedVersion === version) store(key, entry);
      return entry;
    })();
    pending.set(key, promise);
    try {
      return await promise;
    } finally {
      if (pending.get(key) === promise) pending.delete(key);
    }
  }

  return {
    async cachedPublicResponse(request, reply, options, produce) {
      const version = await watcher.current();
      if (cachedVersion !== version) {
        clear();
        cachedVersion = version;
      }
      const key = `${request.method === 'HEAD' ? 'GET' : request.method} ${request.url}\n${options.key ?? ''}`;
      const entry = await entryFor(key, version, options, produce);

      const encoding =
        entry.identity.length >= COMPRESS_THRESHOLD
          ? chooseEncoding(request.headers['accept-encoding'])
          : null;
      reply.header('Cache-Control', options.policy.cacheControl);
      if (options.policy.cdnCacheControl) reply.header('CDN-Cache-Control', options.policy.cdnCacheControl);
      if (options.policy.vary !== false) addVary(reply, 'Accept-Encoding');
      reply.header('ETag', etagOf(entry.tag, encoding));
      if (entry.status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], entry.tag)) {
        return reply.code(304).send();
      }
      reply.code(entry.status).type(entry.contentType);
      if (!encoding) return reply.send(entry.identity);
      const body = await compressed(key, entry, encoding);
      return reply.header('Content-Encoding', encoding).send(body);
    },
    version: () => watcher.current(),
    onVersionChange: (listener) => watcher.onChange(listener),
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
    clear,
  };
}

/** Adds a field to Vary, keeping what others put there (CORS adds Origin). */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('Vary');
  const fields = String(current ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  reply.header('Vary', [...fields, field].join(', '));
}

/**
 * API answers that say nothing about caching are per-user or not meant to be kept: they get
 * `private, no-store`, so no browser or CDN keeps them (public reads set their own policy).
 */
export function registerCacheDefaults(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.getHeader('Cache-Control') === undefined && /^\/(api|auth)\//.test(request.url)) {
      reply.header('Cache-Control', 'private, no-store');
    }
    return payload;
  });
}

function isRawBody(value: unknown): value is RawBody {
  return typeof value === 'object' && value !== null && RAW in value;
}
